import { setupWorker } from 'msw/browser';
import { fetchDataSource } from '../service/data-source.ts';
import { Service } from '../service/service.ts';
import { type CreatedRecords, emptyRecords, parseRecords, type RecordStore } from '../service/store.ts';
import { createHandlers } from './handlers/index.ts';
import { workerMatcher } from './match-workers.ts';

const STORAGE_KEY = 'kapuluan.created-records.v1';

/**
 * Created records in localStorage, so they survive a reload. A stored value that cannot be read is moved
 * aside under its own key (never overwritten) and the service starts from none.
 */
export function localStorageStore(storage: Storage = localStorage): RecordStore {
  return {
    async load() {
      const raw = storage.getItem(STORAGE_KEY);
      if (raw === null) return emptyRecords();
      try {
        return parseRecords(JSON.parse(raw));
      } catch (error) {
        const aside = `${STORAGE_KEY}.unreadable.${Date.now()}`;
        storage.setItem(aside, raw);
        storage.removeItem(STORAGE_KEY);
        console.error(`[kapuluan] stored records could not be read; kept them under ${aside}`, error);
        return emptyRecords();
      }
    },
    async save(records: CreatedRecords) {
      storage.setItem(STORAGE_KEY, JSON.stringify(records));
    },
  };
}

/**
 * Starts the /v1 service inside the browser: requests to <origin>/v1 are answered by the msw worker. The worker's
 * registration, the data the first screen needs and the service's indexes are all under way at once. Returns
 * the service's address matcher (Web Workers), which the app may call directly for a file's rows.
 */
export async function startBrowserService(
  keys: string[],
  /** Where the built data is: an absolute URL ending in a slash. */
  base: string,
  /** Data files already requested (src/service-start.ts). */
  early: Map<string, Promise<Response>> = new Map(),
): Promise<{ matcher: ReturnType<typeof workerMatcher> }> {
  const matcher = workerMatcher(base);
  const store = localStorageStore();
  // Started now; should it fail (the network), the first request after tries again from scratch.
  let starting: Promise<Service> | undefined = Service.create({
    source: fetchDataSource(base, early),
    store,
    keys,
    matcher,
  });
  starting.catch(() => {});
  const worker = setupWorker(
    ...createHandlers(() => {
      const service = starting ?? Service.create({ source: fetchDataSource(base), store, keys, matcher });
      starting = undefined;
      return service;
    }),
  );
  // A browser test may override answers (e2e/network.ts). import.meta.env.DEV is false in a build, so the
  // hook and its module are left out of production.
  if (import.meta.env.DEV && window.kapuluanE2E) {
    const { installE2EHook } = await import('./e2e-hook.ts');
    installE2EHook(worker, window.kapuluanE2E);
  }
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  return { matcher };
}
