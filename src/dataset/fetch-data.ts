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
 * is still being kept) is handed a copy rather than going to the network again.
 */
const arriving = new Map<string, Promise<Response>>();

export async function fetchData(url: URL | string, init?: RequestInit): Promise<Response> {
  const key = new URL(String(url), globalThis.location?.href).href;
  const coming = arriving.get(key);
  if (coming) return (await coming).clone();
  const cache = await dataCache();
  if (!cache) return fetch(url, init);
  const kept = await cache.match(key).catch(() => undefined);
  if (kept) return kept;
  const request = fetch(url, init);
  const copy = request.then((response) => response.clone());
  copy.catch(() => {});
  arriving.set(key, copy);
  try {
    const response = await request;
    // Kept as it arrives; a file that fails to be kept is fetched again next time.
    if (response.ok) {
      cache
        .put(key, response.clone())
        .catch(() => {})
        .finally(() => arriving.delete(key));
    } else arriving.delete(key);
    return response;
  } catch (error) {
    arriving.delete(key);
    throw error;
  }
}
