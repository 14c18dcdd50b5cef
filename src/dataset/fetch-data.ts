/**
 * Fetches a built data file, keeping it in the browser's Cache Storage under the data's version: a second
 * visit reads every file it read before without a request. The version is the build's inputs hash, which the
 * app's build reads from the data's manifest (vite.config.ts); files of another version are deleted when the
 * cache is first opened. Where there is no Cache Storage (Node, a page not served over HTTPS or from
 * localhost) or no version (the data was not built when the app was), this is a plain fetch.
 */
const VERSION: string = import.meta.env?.VITE_KAPULUAN_DATA_VERSION ?? '';
const PREFIX = 'kapuluan-data-';

let opened: Promise<Cache | null> | undefined;

function dataCache(): Promise<Cache | null> {
  opened ??= (async () => {
    if (!VERSION || typeof caches === 'undefined') return null;
    try {
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith(PREFIX) && n !== PREFIX + VERSION).map((n) => caches.delete(n)),
      );
      return await caches.open(PREFIX + VERSION);
    } catch {
      return null; // storage refused (private mode, quota): every file comes from the network
    }
  })();
  return opened;
}

/**
 * Files on their way and not yet kept, by URL: a second request for one (the app's manifest, while the service's
 * is still on its way) is handed a copy rather than going to the network again. A request is entered here before
 * anything is awaited, so two asked for in the same moment make one request.
 */
const arriving = new Map<string, Promise<Response>>();

export async function fetchData(url: URL | string, init?: RequestInit): Promise<Response> {
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
}

/** The kept copy, else the network's answer and its keeping (a file that fails to be kept is fetched again next time). */
async function keptOrFetched(
  url: URL | string,
  key: string,
  init?: RequestInit,
): Promise<{ response: Response; keeping: Promise<unknown> }> {
  const done = Promise.resolve();
  const cache = await dataCache();
  if (!cache) return { response: await fetch(url, init), keeping: done };
  const kept = await cache.match(key).catch(() => undefined);
  if (kept) return { response: kept, keeping: done };
  const response = await fetch(url, init);
  return { response, keeping: response.ok ? cache.put(key, response.clone()).catch(() => {}) : done };
}
