import { http } from 'msw';
import { type GetService, respond, serviceRequest } from './respond.ts';
import { route } from './route.ts';

export const municityHandlers = (service: GetService) => [
  http.get(route('/v1/municities'), async ({ request }) =>
    respond(await (await service()).listMunicities(await serviceRequest(request))),
  ),
  http.get(route('/v1/municities/search'), async ({ request }) =>
    respond(await (await service()).searchMunicities(await serviceRequest(request))),
  ),
  http.get(route('/v1/municities/:id'), async ({ request, params }) =>
    respond(await (await service()).getMunicity(await serviceRequest(request), String(params.id))),
  ),
];
