import type { ServiceRequest } from '../service/service.ts';

/**
 * For the tests that call the service's methods directly, without the handlers: `request(target, body?)` as the
 * handlers hand it over, with `Bearer <key>` and the body already parsed.
 */
export const requestWith =
  (key: string) =>
  (target: string, body?: unknown): ServiceRequest => ({
    url: new URL(`http://api.test${target}`),
    authorization: `Bearer ${key}`,
    body,
  });
