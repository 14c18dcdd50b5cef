import { HttpResponse, http } from 'msw';
import { apiPath } from '../../contract/api-path.ts';
import { errorBody } from '../../contract/error-body.ts';
import { badParam } from '../../service/errors.ts';
import type { Service } from '../../service/service.ts';
import { barangayHandlers } from './barangays.ts';
import { geocodeHandlers } from './geocode.ts';
import { municityHandlers } from './municities.ts';
import { provinceHandlers } from './provinces.ts';
import { regionHandlers } from './regions.ts';
import { respond, serviceRequest } from './respond.ts';
import { route } from './route.ts';

/**
 * The one handler list, used by the browser worker, the Node test server and the HTTP server alike. The
 * service is loaded on the first request and shared after.
 */
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
    ...regionHandlers(service),
    ...provinceHandlers(service),
    ...municityHandlers(service),
    ...barangayHandlers(service),
    ...geocodeHandlers(service),
    http.get(route('/v1/audit'), async ({ request }) =>
      respond(await (await service()).audit(await serviceRequest(request))),
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
