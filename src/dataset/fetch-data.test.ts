import { afterEach, expect, test, vi } from 'vitest';
import { fetchData } from './fetch-data.ts';

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
