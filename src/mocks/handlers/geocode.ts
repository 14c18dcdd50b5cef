import { http } from 'msw';
import { type GetService, respond, serviceRequest } from './respond.ts';
import { route } from './route.ts';

export const geocodeHandlers = (service: GetService) => [
  http.get(route('/v1/geocode/reverse'), async ({ request }) =>
    respond(await (await service()).reverseGeocode(await serviceRequest(request))),
  ),
  http.post(route('/v1/geocode/batch'), async ({ request }) =>
    respond(await (await service()).geocodeBatch(await serviceRequest(request, true))),
  ),
  http.get(route('/v1/geocode'), async ({ request }) =>
    respond(await (await service()).geocode(await serviceRequest(request))),
  ),
];
