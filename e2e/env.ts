/**
 * The browser tests' environment, shared by playwright.config.ts and the fixtures: where the servers
 * listen and the app's own constants the tests need (imported from the app, never retyped).
 *
 * E2E_PORT_OFFSET moves all the servers, so two checkouts can run their tests side by side without one
 * reusing the other's servers.
 */
import { DEV_API_KEY } from '../src/config/defaults.ts';

export { ADMIN_KEY_STORAGE_KEY, API_KEY_STORAGE_KEY, DEV_API_KEY } from '../src/config/defaults.ts';

/**
 * The admin key of the servers the browser tests start (ADMIN_KEYS). The apps built against them carry only the
 * development key, which those servers take as a read key (API_KEYS): an admin key reaches the app only as a
 * person would give it, typed into the admin area or kept in the tab's session.
 */
export const E2E_ADMIN_KEY = 'kapuluan-e2e-admin-key';

const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const ports = {
  /** The app with its built-in service (the default app). */
  app: 5199 + offset,
  /** The app calling `npm run api` (its address given at run time: playwright.config.ts). */
  httpApp: 5198 + offset,
  /** `npm run api` */
  api: 8788 + offset,
  /** `npm run api` with API_FLAVOUR=live, answering as the live service's documentation shows. */
  liveApi: 8789 + offset,
  /** The app calling it. */
  liveApp: 5197 + offset,
} as const;

const origin = (port: number) => `http://127.0.0.1:${port}`;
export const APP_ORIGIN = origin(ports.app);
export const HTTP_APP_ORIGIN = origin(ports.httpApp);
export const API_ORIGIN = origin(ports.api);
export const LIVE_API_ORIGIN = origin(ports.liveApi);
export const LIVE_APP_ORIGIN = origin(ports.liveApp);

/**
 * The environment of `npm run api` as the browser tests start it. The app sends the development key (its default)
 * from its own origin: the server takes that key as a read key (API_KEYS) and changes the map only for the admin key
 * (ADMIN_KEYS), which the app never carries; and it answers CORS only for the origin it is given. Created records go
 * to an in-memory PGlite: each start has none, and leaves nothing behind.
 */
export const apiServerEnv = (port: number, appOrigin: string, env: Record<string, string> = {}) => ({
  PORT: String(port),
  PGLITE_DIR: 'memory://',
  RECORDS_FILE: '/nonexistent',
  API_KEYS: DEV_API_KEY,
  ADMIN_KEYS: E2E_ADMIN_KEY,
  CORS_ORIGINS: appOrigin,
  ...env,
});

/** How the browser tests start `npm run api` (without npm, whose process would stand between it and a signal). */
export const API_SERVER_COMMAND = 'node --import tsx src/server/main.ts';
