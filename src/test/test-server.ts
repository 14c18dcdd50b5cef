import { type HttpServerOptions, startHttpServer } from '../server/http-server.ts';

/**
 * The HTTP server as a test starts it: on a port of its own, with one read worker unless the test sets another
 * number. Each read worker reads the data and builds the geocoder's index when the server starts (0.7 s of CPU on
 * the fixture), so only the tests about the pool's size and its fairness start the default number
 * (`DEFAULT_LIMITS.workers`, src/server/edge-limits.ts).
 */
export function startTestServer(options: Omit<HttpServerOptions, 'port'> & { port?: number }) {
  return startHttpServer({ port: 0, ...options, limits: { workers: 1, ...options.limits } });
}
