import { type SetupServer, setupServer } from 'msw/node';
import type { Service } from '../service/service.ts';
import { createHandlers } from './handlers/index.ts';

export interface ServiceServer extends SetupServer {
  /**
   * Answers from the service `load` makes from now on (a fresh store for each test). Like `resetHandlers()`, it
   * drops the `server.use()` overrides a test added.
   */
  restart(load: () => Promise<Service>): void;
}

/**
 * The /v1 service on msw's Node interceptor: a fetch in this process to any origin's `/v1` is answered, without a
 * socket, by the handler list the browser worker and the HTTP server use. `load` makes the service on the first
 * request.
 */
export function setupServiceServer(load: () => Promise<Service>): ServiceServer {
  const server = setupServer(...createHandlers(load));
  return Object.assign(server, {
    restart: (next: () => Promise<Service>) => server.resetHandlers(...createHandlers(next)),
  });
}
