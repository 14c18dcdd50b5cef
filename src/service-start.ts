/**
 * The page's first module (index.html), before the app's bundle: where the app runs its own /v1 service, it is
 * started here, so the files the first screen reads and the service's chunk are on their way while the app's
 * code loads and renders. src/main.tsx takes the service's answers from `window.kapuluanAnswer` and the started
 * service from `window.kapuluanService`; the app's requests wait for the answers (src/api/client.ts).
 */
import { config } from './config/config.ts';
import { fetchData } from './dataset/fetch-data.ts';
import { dataPaths } from './dataset/types.ts';
import { firstScreenDrawn } from './state/first-screen.ts';

/** What the first screen reads: the regions' records and their simple outlines (the rest of the code list later). */
const FIRST_SCREEN = [dataPaths.manifest, dataPaths.regionUnits, dataPaths.regions('simple')];

/** How long the worker waits for the first screen at most (a map that cannot start draws nothing). */
const FIRST_SCREEN_WAIT_MS = 10_000;

/**
 * Once the first screen is drawn and the main thread is next idle: the service's worker, which answers other
 * clients' requests (the app's own are answered in the page), is registered then.
 */
const firstIdle = () =>
  Promise.race([firstScreenDrawn, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]).then(
    () =>
      new Promise<void>((resolve) => {
        if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3000 });
        else setTimeout(resolve, 500);
      }),
  );

if (config.builtInService) {
  const base = new URL(`${import.meta.env.BASE_URL}data/`, window.location.origin).toString();
  const early = new Map(FIRST_SCREEN.map((path) => [path, fetchData(new URL(path, base))]));
  // The browser tests that watch the app's requests have them go by the worker (src/main.tsx): it starts at once.
  const workerFrom = import.meta.env.DEV && window.kapuluanE2EViaWorker ? Promise.resolve() : firstIdle();
  const code = import('./mocks/browser.ts');
  const service = code.then(({ startBrowserService }) =>
    startBrowserService([config.defaultApiKey], base, early, workerFrom),
  );
  window.kapuluanService = service.then((s) => s.started);
  window.kapuluanService.catch(() => {}); // reported by src/main.tsx
  window.kapuluanAnswer = service.then((s) => s.answer);
  window.kapuluanAnswer.catch(() => {}); // each request says it
}

declare global {
  interface Window {
    /** The built-in service on its way (undefined when the app talks to a server). */
    kapuluanService?: Promise<{ matcher: import('./api/geocode.ts').LocalMatcher }>;
    /** The service's answers in the page, once its code is loaded (src/mocks/browser.ts). */
    kapuluanAnswer?: Promise<import('./contract/types.ts').LocalAnswer>;
    /** Set by the browser tests that watch the page's requests: the app's requests then go by the worker. */
    kapuluanE2EViaWorker?: boolean;
  }
}
