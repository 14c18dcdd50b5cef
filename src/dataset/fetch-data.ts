/**
 * Fetches a built data file, keeping it in the browser's Cache Storage under the data's version: a second
 * visit reads every file it read before without a request. The version is the build's inputs hash, which the
 * app's build reads from the data's manifest (vite.config.ts); files of another version are deleted when the
 * first file of a new version is kept. Where there is no Cache Storage (Node, a page not served over HTTPS or
 * from localhost) or no version (the data was not built when the app was), this is a plain fetch.
 *
 * A first visit does not ask Cache Storage before fetching: in a new profile its first calls (keys, open, match)
 * took 0.3 to 1 s before the first byte was requested, on the path to the first regions drawn (measured with
 * scratch timings of the production build). A mark in localStorage, written once a file of this version has
 * been kept, says whether there is anything to look for; a file missing from the cache all the same is fetched.
 */
const VERSION: string = import.meta.env?.VITE_KAPULUAN_DATA_VERSION ?? '';
const PREFIX = 'kapuluan-data-';
/** localStorage: the data version of which files have been kept. */
export const KEPT_MARK = 'kapuluan-data-kept';

export type FetchData = (url: URL | string, init?: RequestInit) => Promise<Response>;

/** A fetcher of data files kept under `version`; the app has one, `fetchData`. */
export function dataFetcher(version: string): FetchData {
  let opened: Promise<Cache | null> | undefined;
  const usable = () => version !== '' && typeof caches !== 'undefined';

  const keptVersion = (): string | null => {
    try {
      return localStorage.getItem(KEPT_MARK);
    } catch {
      return version; // localStorage refused: look in the cache all the same
    }
  };

  /** The cache of this version; on first keeping, the caches of other versions are deleted. */
  const dataCache = (): Promise<Cache | null> => {
    opened ??= (async () => {
      try {
        if (keptVersion() !== version) {
          const names = await caches.keys();
          await Promise.all(
            names.filter((n) => n.startsWith(PREFIX) && n !== PREFIX + version).map((n) => caches.delete(n)),
          );
        }
        return await caches.open(PREFIX + version);
      } catch {
        return null; // storage refused (private mode, quota): every file comes from the network
      }
    })();
    return opened;
  };

  /** Puts a file in the cache, then marks the version as having kept files; a refused put is fetched next time. */
  const keep = async (key: string, response: Response): Promise<void> => {
    const cache = await dataCache();
    if (!cache) return;
    try {
      await cache.put(key, response);
      if (keptVersion() !== version) localStorage.setItem(KEPT_MARK, version);
    } catch {
      // storage full or refused: the file comes from the network again next time
    }
  };

  /** The kept copy, else the network's answer and its keeping. */
  const keptOrFetched = async (
    url: URL | string,
    key: string,
    init?: RequestInit,
  ): Promise<{ response: Response; keeping: Promise<unknown> }> => {
    const done = Promise.resolve();
    if (!usable()) return { response: await fetch(url, init), keeping: done };
    if (keptVersion() === version) {
      const cache = await dataCache();
      const kept = await cache?.match(key).catch(() => undefined);
      if (kept) return { response: kept, keeping: done };
    }
    const response = await fetch(url, init);
    return { response, keeping: response.ok ? keep(key, response.clone()) : done };
  };

  /**
   * Files on their way and not yet kept, by URL: a second request for one (the app's manifest, while the service's
   * is still on its way) is handed a copy rather than going to the network again. A request is entered here
   * before anything is awaited, so two asked for in the same moment make one request.
   */
  const arriving = new Map<string, Promise<Response>>();

  return async (url, init) => {
    const key = new URL(String(url), globalThis.location?.href).href;
    const coming = arriving.get(key);
    if (coming) return (await coming).clone();
    const result = keptOrFetched(url, key, init);
    const copy = result.then(({ response }) => response.clone());
    copy.catch(() => {});
    arriving.set(key, copy);
    result.then(
      ({ keeping }) => keeping.finally(() => arriving.delete(key)),
      () => arriving.delete(key),
    );
    return (await result).response;
  };
}

export const fetchData: FetchData = dataFetcher(VERSION);
