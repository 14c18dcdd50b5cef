import { http } from 'msw';
import { type GetService, respond, serviceRequest } from './respond.ts';

export const municityHandlers = (service: GetService) => [
  http.get('*/v1/municities', async ({ request }) =>
    respond(await (await service()).listMunicities(await serviceRequest(request))),
  ),
  http.get('*/v1/municities/search', async ({ request }) =>
    respond(await (await service()).searchMunicities(await serviceRequest(request))),
  ),
  http.get('*/v1/municities/:id', async ({ request, params }) =>
    respond(await (await service()).getMunicity(await serviceRequest(request), String(params.id))),
  ),
];
