import { HttpResponse, http } from 'msw';
import type { Service } from '../../service/service.ts';
import { geocodeHandlers } from './geocode.ts';
import { municityHandlers } from './municities.ts';
import { provinceHandlers } from './provinces.ts';
import { regionHandlers } from './regions.ts';

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
    ...regionHandlers(service),
    ...provinceHandlers(service),
    ...municityHandlers(service),
    ...geocodeHandlers(service),
    http.all('*/v1/*', ({ request }) =>
      HttpResponse.json(
        {
          data: null,
          error: { code: 'not_found', message: `No endpoint ${request.method} ${new URL(request.url).pathname}` },
        },
        { status: 404 },
      ),
    ),
  ];
}
