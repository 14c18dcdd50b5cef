import { HttpResponse, http } from 'msw';
import { apiPath } from '../../contract/api-path.ts';
import { errorBody } from '../../contract/error-body.ts';
import { ENDPOINTS } from '../../service/endpoints/table.ts';
import { badParam } from '../../service/errors.ts';
import type { Service } from '../../service/service.ts';
import { respond, serviceRequest } from './respond.ts';
import { route } from './route.ts';

/**
 * The one handler list, used by the browser worker, the Node test server and the HTTP server alike: the
 * service's endpoint table (src/service/endpoints/table.ts) over msw, each row matched by its method and path,
 * its request read and answered by the service. The service is loaded on the first request and shared after.
 */
const METHODS = { GET: http.get, POST: http.post, PATCH: http.patch, DELETE: http.delete } as const;

export function createHandlers(load: () => Promise<Service>) {
  let pending: Promise<Service> | undefined;
  const service = () => {
    pending ??= load();
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  };
  return [
    http.all(undecodablePath, () => {
      const error = badParam('path', 'The path is not valid percent-encoded UTF-8');
      return HttpResponse.json(error.body(), { status: error.status });
    }),
    ...ENDPOINTS.map((endpoint) =>
      METHODS[endpoint.method](route(endpoint.path), async ({ request, params }) =>
        respond(
          await (await service()).handle(
            endpoint,
            await serviceRequest(request, endpoint.body),
            params as Record<string, string>,
          ),
        ),
      ),
    ),
    http.all(route('/v1/*'), ({ request }) =>
      HttpResponse.json(errorBody('not_found', `No endpoint ${request.method} ${new URL(request.url).pathname}`), {
        status: 404,
      }),
    ),
  ];
}

/**
 * A /v1 path with a malformed percent escape (`%`, `%E0%A4`, an encoded lone surrogate). msw decodes path
 * segments while it matches them, and the URIError it throws there would come out as its own 500.
 */
export function undecodablePath({ request }: { request: Request }): boolean {
  const { pathname } = new URL(request.url);
  if (apiPath(pathname) === null) return false;
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}
