import { http } from 'msw';
import { type GetService, respond, serviceRequest } from './respond.ts';

export const geocodeHandlers = (service: GetService) => [
  http.get('*/v1/geocode/reverse', async ({ request }) =>
    respond(await (await service()).reverseGeocode(await serviceRequest(request))),
  ),
  http.post('*/v1/geocode/batch', async ({ request }) =>
    respond(await (await service()).geocodeBatch(await serviceRequest(request, true))),
  ),
  http.get('*/v1/geocode', async ({ request }) =>
    respond(await (await service()).geocode(await serviceRequest(request))),
  ),
];
