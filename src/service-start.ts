/**
 * The page's first module (index.html), before the app's bundle: where the app runs its own /v1 service, it is
 * started here, so the service worker's registration, the files the first screen reads and the service's chunk
 * are all on their way while the app's code loads and renders. src/main.tsx takes the started service from
 * `window.kapuluanService`; requests wait for it (src/api/client.ts).
 */
import { config } from './config/config.ts';
import { fetchData } from './dataset/fetch-data.ts';
import { dataPaths } from './dataset/types.ts';

/** What the first screen reads: the code list without its barangays and the regions' simple outlines. */
const FIRST_SCREEN = [dataPaths.manifest, dataPaths.unitsIndex, dataPaths.regions('simple')];

if (config.builtInService) {
  const base = new URL(`${import.meta.env.BASE_URL}data/`, window.location.origin).toString();
  const early = new Map(FIRST_SCREEN.map((path) => [path, fetchData(new URL(path, base))]));
  // Registered now, installed while the rest loads; msw's start finds it (src/mocks/browser.ts).
  navigator.serviceWorker?.register(`${import.meta.env.BASE_URL}mockServiceWorker.js`).catch(() => {}); // msw's own start registers again and reports a failure
  const code = import('./mocks/browser.ts');
  const service = code.then(({ startBrowserService }) => startBrowserService([config.defaultApiKey], base, early));
  window.kapuluanService = service.then((s) => s.started);
  window.kapuluanService.catch(() => {}); // reported by src/main.tsx
  window.kapuluanAnswer = service.then((s) => s.answer);
  window.kapuluanAnswer.catch(() => {}); // each request says it
  // The app renders once the service's code has run its first steps: its worker then activates, and its data
  // arrives, while React renders and MapLibre starts, rather than after them on a busy main thread.
  window.kapuluanServiceCode = service.then(() => {});
}

declare global {
  interface Window {
    /** The built-in service on its way (undefined when the app talks to a server). */
    kapuluanService?: Promise<{ matcher: import('./api/geocode.ts').LocalMatcher }>;
    /** The service's answers in the page, once its code is loaded (src/mocks/browser.ts). */
    kapuluanAnswer?: Promise<import('./mocks/browser.ts').LocalAnswer>;
    /** Set by the browser tests that watch the page's requests: the app's requests then go by the worker. */
    kapuluanE2EViaWorker?: boolean;
    /** Resolves once the service's code is loaded and its start under way. */
    kapuluanServiceCode?: Promise<void>;
  }
}
