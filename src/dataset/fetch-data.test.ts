import { afterEach, expect, test, vi } from 'vitest';
import { dataFetcher, fetchData, KEPT_MARK } from './fetch-data.ts';

afterEach(() => vi.unstubAllGlobals());

test('a file asked for twice in the same moment is fetched once, and both get its whole body', async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ vintage: '4Q 2024' })));
  vi.stubGlobal('fetch', fetch);
  const url = 'http://localhost/data/manifest.json';
  const [a, b] = await Promise.all([fetchData(url), fetchData(url)]);
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(await a.json()).toEqual({ vintage: '4Q 2024' });
  expect(await b.json()).toEqual({ vintage: '4Q 2024' });
});

test('once it has arrived, the next request goes out again where nothing keeps files (no Cache Storage here)', async () => {
  const fetch = vi.fn(async () => new Response('{}'));
  vi.stubGlobal('fetch', fetch);
  const url = 'http://localhost/data/units/index.json';
  await (await fetchData(url)).json();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await (await fetchData(url)).json();
  expect(fetch).toHaveBeenCalledTimes(2);
});

test('a failed request is not handed to the next one', async () => {
  const fetch = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue(new Response('{}'));
  vi.stubGlobal('fetch', fetch);
  const url = 'http://localhost/data/geo/simple/regions.json';
  await expect(fetchData(url)).rejects.toThrow('offline');
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect((await fetchData(url)).ok).toBe(true);
});

/** Cache Storage and localStorage as a browser profile has them, in memory, recording the order of calls. */
function profile() {
  const calls: string[] = [];
  const stores = new Map<string, Map<string, string>>();
  const caches = {
    keys: async () => {
      calls.push('keys');
      return [...stores.keys()];
    },
    delete: async (name: string) => {
      calls.push(`delete ${name}`);
      return stores.delete(name);
    },
    open: async (name: string) => {
      calls.push('open');
      const store = stores.get(name) ?? new Map<string, string>();
      stores.set(name, store);
      return {
        match: async (key: string) => {
          calls.push('match');
          const body = store.get(key);
          return body === undefined ? undefined : new Response(body);
        },
        put: async (key: string, response: Response) => {
          store.set(key, await response.text());
        },
      };
    },
  };
  const items = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => items.set(k, v),
  };
  const network = vi.fn(async () => {
    calls.push('fetch');
    return new Response('{"regions":18}');
  });
  const install = () => {
    vi.stubGlobal('caches', caches);
    vi.stubGlobal('localStorage', localStorage);
    vi.stubGlobal('fetch', network);
  };
  return { calls, stores, items, network, install };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const url = 'http://localhost/data/geo/simple/regions.json';

test('a first visit fetches at once, without waiting on Cache Storage, and keeps the file for the next', async () => {
  const browser = profile();
  browser.install();
  const response = await dataFetcher('v2')(url);
  expect(await response.json()).toEqual({ regions: 18 });
  expect(browser.calls[0]).toBe('fetch');
  await vi.waitFor(() => expect(browser.items.get(KEPT_MARK)).toBe('v2'));
  expect(browser.stores.get('kapuluan-data-v2')?.has(url)).toBe(true);
});

test('a second visit reads the kept file and makes no request', async () => {
  const browser = profile();
  browser.install();
  await (await dataFetcher('v2')(url)).json();
  await vi.waitFor(() => expect(browser.items.get(KEPT_MARK)).toBe('v2'));
  browser.network.mockClear();
  browser.calls.length = 0;
  const again = dataFetcher('v2'); // a new page: nothing held in memory
  expect(await (await again(url)).json()).toEqual({ regions: 18 });
  expect(browser.network).not.toHaveBeenCalled();
  expect(browser.calls).not.toContain('keys'); // the old versions were cleared when this one was first kept
});

test('a file missing from the cache of a kept version is fetched, and a new version drops the old cache', async () => {
  const browser = profile();
  browser.install();
  await (await dataFetcher('v1')(url)).json();
  await vi.waitFor(() => expect(browser.items.get(KEPT_MARK)).toBe('v1'));
  const other = 'http://localhost/data/units/index.json';
  await (await dataFetcher('v1')(other)).json();
  expect(browser.network).toHaveBeenCalledTimes(2);
  await (await dataFetcher('v2')(url)).json();
  await settle();
  await vi.waitFor(() => expect(browser.items.get(KEPT_MARK)).toBe('v2'));
  expect([...browser.stores.keys()]).toEqual(['kapuluan-data-v2']);
  expect(browser.network).toHaveBeenCalledTimes(3);
});
