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
  window.kapuluanService = code.then(({ startBrowserService }) =>
    startBrowserService([config.defaultApiKey], base, early),
  );
  window.kapuluanService.catch(() => {}); // reported by src/main.tsx
  // The app renders once the service's code has run its first steps: its worker then activates, and its data
  // arrives, while React renders and MapLibre starts, rather than after them on a busy main thread.
  window.kapuluanServiceCode = code.then(() => {});
}

declare global {
  interface Window {
    /** The built-in service on its way (undefined when the app talks to a server). */
    kapuluanService?: Promise<{ matcher: import('./api/geocode.ts').LocalMatcher }>;
    /** Resolves once the service's code is loaded and its start under way. */
    kapuluanServiceCode?: Promise<void>;
  }
}
