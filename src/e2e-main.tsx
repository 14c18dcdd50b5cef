/**
 * The page's entry in the browser tests and the benchmarks (`vite --mode e2e`, `vite build --mode e2e`: vite.config.ts
 * puts it in index.html in place of src/main.tsx). It is the page's own start (src/service-start.ts) with the hooks
 * the tests use, which a production build does not have (src/production-build.test.ts):
 *
 * - `window.kapuluanMap`: the live map, for tests that query rendered features through MapLibre's own API;
 * - `window.kapuluanService`: the built-in service once its worker is in control;
 * - `window.kapuluanE2EViaWorker`, set by a test before the page loads: the app's requests go by the service's
 *   worker, where Playwright sees and shapes them (e2e/network.ts), and the worker starts at once;
 * - `window.kapuluanE2E`, set by a test before the page loads: overrides of the service's answers, installed in
 *   front of the worker's handlers (src/mocks/e2e-hook.ts, loaded only then).
 */

import type { MapLibreMap } from './map/maplibre.ts';
import type { E2EHook } from './mocks/e2e-hook.ts';
import { start } from './service-start.ts';

declare global {
  interface Window {
    kapuluanMap?: MapLibreMap;
    kapuluanService?: Promise<unknown>;
    kapuluanE2EViaWorker?: boolean;
    kapuluanE2E?: E2EHook;
  }
}

const hook = window.kapuluanE2E;

const service = start({
  viaWorker: window.kapuluanE2EViaWorker === true,
  beforeWorker: hook ? async (worker) => (await import('./mocks/e2e-hook.ts')).installE2EHook(worker, hook) : undefined,
  onMap: (map) => {
    window.kapuluanMap = map ?? undefined;
  },
});
window.kapuluanService = service?.started;
