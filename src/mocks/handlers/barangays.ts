import { http } from 'msw';
import { type GetService, respond, serviceRequest } from './respond.ts';
import { route } from './route.ts';

export const barangayHandlers = (service: GetService) => [
  http.get(route('/v1/barangays'), async ({ request }) =>
    respond(await (await service()).listBarangays(await serviceRequest(request))),
  ),
  http.post(route('/v1/barangays/search'), async ({ request }) =>
    respond(await (await service()).searchBarangays(await serviceRequest(request, true))),
  ),
  http.get(route('/v1/barangays/:id'), async ({ request, params }) =>
    respond(await (await service()).getBarangay(await serviceRequest(request), String(params.id))),
  ),
];
