import { getResponse, type RequestHandler } from 'msw';
import type { SetupWorker } from 'msw/browser';
import type { ApiFlavour, BatchGeocodeResult, LocalAnswer } from '../contract/types.ts';
import { fetchDataSource } from '../service/data-source.ts';
import { type KeyRing, sameText } from '../service/keys.ts';
import { Service } from '../service/service.ts';
import { createHandlers } from './handlers/index.ts';
import { localStorageStore } from './local-storage-store.ts';
import { workerMatcher, workerSearcher } from './match-workers.ts';

export interface BrowserServiceOptions {
  keys: string[];
  /** Where the built data is: an absolute URL ending in a slash. */
  base: string;
  /** Data files already requested (src/service-start.ts). */
  early?: Map<string, Promise<Response>>;
  /** When to start the worker: at once, or once this resolves (the first screen drawn). */
  workerFrom?: Promise<unknown>;
  /**
   * The rest of the code list is read at once rather than after the first screen: the page opens below the
   * country (a shared link to a province, a town or a barangay), whose first answers need it.
   */
  restAtOnce?: boolean;
  /** How the service shapes its answers: as this project's API, or as the live service's documentation shows. */
  apiFlavour?: ApiFlavour;
  /**
   * Called with the worker before it starts: the browser tests' entry puts their overrides in front of its
   * handlers there (src/e2e-main.tsx); the in-page answers run the same list, so the overrides hold for both.
   */
  beforeWorker?: (worker: SetupWorker) => void | Promise<void>;
}

/**
 * Starts the /v1 service inside the browser. The app's own requests are answered in the page (`answer`, the
 * same handler list the worker runs, through msw's getResponse): they need not wait for the worker to be
 * installed and in control, nor cross to it and back. The worker answers every other request to <origin>/v1
 * (a script or a tab calling the API, the browser tests' probes). The data the first screen needs and the
 * service's indexes are under way at once; msw's worker half (its browser module, about 20 KB gzip of the
 * service's chunk) is loaded with the worker's registration, once `workerFrom` resolves, so the first screen
 * does not download it. `started` resolves once the worker is in control, with the service's address matcher
 * (Web Workers), which the app may call directly for a file's rows.
 */
export function startBrowserService({
  keys,
  base,
  early = new Map(),
  workerFrom = Promise.resolve(),
  restAtOnce = false,
  apiFlavour = 'standard',
  beforeWorker,
}: BrowserServiceOptions): {
  answer: LocalAnswer;
  started: Promise<{ matcher: ((addresses: string[]) => Promise<BatchGeocodeResult[]>) & { release(): void } }>;
} {
  const matcher = workerMatcher(base);
  const search = workerSearcher(base);
  const store = localStorageStore();
  const ring = browserKeys(keys);
  // Started now; should it fail (the network), the first request after tries again from scratch.
  // It starts from the regions alone, what the first screen asks for, and reads the rest of the code list once
  // the first screen is drawn (`workerFrom`), or sooner if a request needs it.
  const first = Service.create({
    source: fetchDataSource(base, early),
    store,
    keys: ring,
    matcher,
    search,
    regionsFirst: true,
    apiFlavour,
  });
  let starting: Promise<Service> | undefined = first;
  first.catch(() => {});
  if (restAtOnce) first.then((service) => service.readRest()).catch(() => {}); // a request that needs it asks again
  // The service the handlers answer with now: a file's rows are named from its read model too.
  let latest: Promise<Service> = first;
  const handlers = createHandlers(() => {
    const service =
      starting ?? Service.create({ source: fetchDataSource(base), store, keys: ring, matcher, search, apiFlavour });
    starting = undefined;
    latest = service;
    return service;
  });
  const matchRows = Object.assign(async (addresses: string[]) => (await latest).matchAddresses(addresses), {
    release: matcher.release,
  });
  // The in-page answers run the worker's list once it exists, so that a browser test's overrides, put in front
  // of the worker's handlers, hold for them too.
  let current = (): readonly RequestHandler[] => handlers;
  const answer: LocalAnswer = async (url, init) => {
    const response = await getResponse(current() as RequestHandler[], new Request(url, init));
    return response ?? new Response(null, { status: 404, statusText: 'Not Found' });
  };
  const started = (async () => {
    await workerFrom;
    first.then((service) => service.readRest()).catch(() => {}); // a request that needs it will ask again
    const { setupWorker } = await import('msw/browser');
    const worker = setupWorker(...handlers);
    await beforeWorker?.(worker);
    current = () => worker.listHandlers() as RequestHandler[];
    await worker.start({
      onUnhandledRequest: 'bypass',
      quiet: true,
      serviceWorker: { url: `${import.meta.env.BASE_URL}kapuluan-sw.js` },
    });
    return { matcher: matchRows };
  })();
  return { answer, started };
}

/**
 * The built-in service's keys, which may do everything (it is local and open). What they change is kept in this
 * browser alone, so its audit trail names who did it so, not after a list of the server's environment
 * (`ADMIN_KEYS #1`, which no one set here).
 */
function browserKeys(keys: string[]): KeyRing {
  return {
    identify: (token) =>
      keys.some((key) => sameText(key, token)) ? { id: 'browser', name: 'you (this browser)', role: 'admin' } : null,
  };
}
