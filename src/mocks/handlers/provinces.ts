import { http } from 'msw';
import { type GetService, respond, serviceRequest } from './respond.ts';
import { route } from './route.ts';

export const provinceHandlers = (service: GetService) => [
  http.get(route('/v1/provinces'), async ({ request }) =>
    respond(await (await service()).listProvinces(await serviceRequest(request))),
  ),
  http.post(route('/v1/provinces/search'), async ({ request }) =>
    respond(await (await service()).searchProvinces(await serviceRequest(request, true))),
  ),
  http.post(route('/v1/provinces/:id/restore'), async ({ request, params }) =>
    respond(await (await service()).restoreProvince(await serviceRequest(request), String(params.id))),
  ),
  http.get(route('/v1/provinces/:id'), async ({ request, params }) =>
    respond(await (await service()).getProvince(await serviceRequest(request), String(params.id))),
  ),
  http.post(route('/v1/provinces'), async ({ request }) =>
    respond(await (await service()).createProvince(await serviceRequest(request, true))),
  ),
  http.patch(route('/v1/provinces/:id'), async ({ request, params }) =>
    respond(await (await service()).patchProvince(await serviceRequest(request, true), String(params.id))),
  ),
  http.delete(route('/v1/provinces/:id'), async ({ request, params }) =>
    respond(await (await service()).deleteProvince(await serviceRequest(request), String(params.id))),
  ),
];
