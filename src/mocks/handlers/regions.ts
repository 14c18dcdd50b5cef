import { http } from 'msw';
import { type GetService, respond, serviceRequest } from './respond.ts';
import { route } from './route.ts';

export const regionHandlers = (service: GetService) => [
  http.get(route('/v1/regions'), async ({ request }) =>
    respond(await (await service()).listRegions(await serviceRequest(request))),
  ),
  http.post(route('/v1/regions/search'), async ({ request }) =>
    respond(await (await service()).searchRegions(await serviceRequest(request, true))),
  ),
  http.post(route('/v1/regions/:id/restore'), async ({ request, params }) =>
    respond(await (await service()).restoreRegion(await serviceRequest(request), String(params.id))),
  ),
  http.get(route('/v1/regions/:id'), async ({ request, params }) =>
    respond(await (await service()).getRegion(await serviceRequest(request), String(params.id))),
  ),
  http.post(route('/v1/regions'), async ({ request }) =>
    respond(await (await service()).createRegion(await serviceRequest(request, true))),
  ),
  http.patch(route('/v1/regions/:id'), async ({ request, params }) =>
    respond(await (await service()).patchRegion(await serviceRequest(request, true), String(params.id))),
  ),
  http.delete(route('/v1/regions/:id'), async ({ request, params }) =>
    respond(await (await service()).deleteRegion(await serviceRequest(request), String(params.id))),
  ),
];
