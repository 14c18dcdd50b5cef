import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryStore } from '../service/store.ts';
import { startTestServer } from '../test/test-server.ts';
import { ResponseCache } from './response-cache.ts';

const KEY = 'cache-key-a';
const OTHER_KEY = 'cache-key-b';
let server: Awaited<ReturnType<typeof startTestServer>>;

beforeAll(async () => {
  server = await startTestServer({ keys: [KEY, OTHER_KEY], store: memoryStore() });
});
afterAll(() => server.close());

/** A GET by node:http, so the test decides every header (fetch adds its own Accept-Encoding). */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => {
    http
      .get(`${server.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw).toString() : raw.toString();
          resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text) });
        });
      })
      .on('error', reject);
  });
}
const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const post = (path: string, body: unknown) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { ...auth(KEY), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the HTTP server’s answer cache', () => {
  test('never gives an answer made for one key to a request with a wrong key or none', async () => {
    const path = '/v1/regions?geometry=simple&output=geojson&limit=100';
    const first = await get(path, auth(KEY));
    expect((await get(path, auth(KEY))).body).toEqual(first.body);
    expect((await get(path, auth(OTHER_KEY))).body).toEqual(first.body);
    for (const headers of [auth('wrong-key'), {}, { authorization: `Bearer ${KEY}x` }]) {
      const answer = await get(path, headers);
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe('unauthorized');
    }
  });

  test('answers a list asked again after a create with the created record in it', async () => {
    const regions = '/v1/regions?limit=100';
    const before = await get(regions, auth(KEY));
    await get(regions, auth(KEY));
    expect((await post('/v1/regions', { name: 'Cached Region', code: 'CACHED' })).status).toBe(201);
    const after = await get(regions, auth(KEY));
    expect(after.body.meta.total).toBe(before.body.meta.total + 1);
    expect(after.body.data.map((r: { code: string }) => r.code)).toContain('CACHED');

    const provinces = '/v1/provinces?region_id=region-cached';
    expect((await get(provinces, auth(KEY))).body.data).toEqual([]);
    const created = await post('/v1/provinces', { name: 'Cached Province', code: 'QCP', region_id: 'region-cached' });
    expect(created.status).toBe(201);
    expect((await get(provinces, auth(KEY))).body.data).toEqual([expect.objectContaining({ code: 'QCP' })]);
  });

  test('gives gzip only to clients that asked for it, and links naming the host that asked', async () => {
    const path = '/v1/regions?geometry=simple&limit=3';
    const zipped = await get(path, { ...auth(KEY), 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    const plain = await get(path, auth(KEY));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(zipped.body);
    const elsewhere = await get(path, { ...auth(KEY), host: 'api.example:8080' });
    expect(elsewhere.body.meta.links.next).toMatch(/^http:\/\/api\.example:8080\/v1\/regions\?/);
  });
});

describe('ResponseCache', () => {
  const answer = (size: number) => ({ status: 200, headers: {}, body: Buffer.alloc(size) });

  test('keeps within its byte budget, keys counted, by dropping the answer used least recently', () => {
    const cache = new ResponseCache(400);
    // each costs 100 bytes: a one-byte key and a 99-byte body
    cache.set('a', 0, answer(99));
    cache.set('b', 0, answer(99));
    cache.set('c', 0, answer(99));
    cache.get('a', 0);
    cache.set('d', 0, answer(99));
    cache.set('e', 0, answer(99));
    expect(['a', 'b', 'c', 'd', 'e'].filter((k) => cache.get(k, 0))).toEqual(['a', 'c', 'd', 'e']);
    expect(cache.byteSize).toBe(400);
  });

  test('counts a long key against the budget: empty answers under long URLs cannot grow it past its bytes', () => {
    const cache = new ResponseCache(10_000, 1_000_000);
    for (let i = 0; i < 1000; i++) cache.set(`${i}`.padEnd(500, 'x'), 0, answer(0));
    expect(cache.byteSize).toBeLessThanOrEqual(10_000);
    expect(cache.size).toBeLessThanOrEqual(20);
  });

  test('keeps at most its number of entries, however small they are', () => {
    const cache = new ResponseCache(64 * 1024 * 1024, 3);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, 0, answer(1));
    expect(cache.size).toBe(3);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('d', 0)).toBeDefined();
  });

  test('forgets everything at a newer generation and keeps nothing made at an older one', () => {
    const cache = new ResponseCache();
    cache.set('a', 0, answer(10));
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('b', 0, answer(10));
    expect(cache.get('b', 1)).toBeUndefined();
  });
});

describe('the answer cache under junk URLs', () => {
  const cache = new ResponseCache(256 * 1024, 50);
  let junkServer: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    junkServer = await startTestServer({ keys: [KEY], store: memoryStore(), cache });
  });
  afterAll(() => junkServer.close());

  /**
   * A GET's status, on a connection of its own: fetch reuses kept-alive connections, and one the server closes as
   * it falls idle (keepAliveTimeoutMs) just as the next request goes out on it is reset, which a busy machine makes
   * likely across thousands of requests; the cache's bounds are what is tested here, not that race.
   */
  const statusOf = (p: string) =>
    new Promise<number | undefined>((resolve, reject) => {
      http
        .get(junkServer.url + p, { headers: auth(KEY), agent: false }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode));
        })
        .on('error', reject);
    });

  /** GETs each path, 50 at a time, and checks each was answered 200. */
  const getAll = async (paths: string[]) => {
    for (let at = 0; at < paths.length; at += 50) {
      const answers = await Promise.all(paths.slice(at, at + 50).map(statusOf));
      expect(new Set(answers)).toEqual(new Set([200]));
    }
  };

  // Twenty times the cache's 50 entries: any junk kept would show, and would have evicted what is worth keeping.
  test('1,000 URLs with parameters no endpoint reads are answered but not kept', async () => {
    await getAll(Array.from({ length: 1000 }, (_, i) => `/v1/regions/13?junk${i}=${'x'.repeat(200)}`));
    expect(cache.size).toBe(0);
    expect(cache.byteSize).toBe(0);
  });

  test('distinct values of parameters endpoints do read are kept within the entry and byte bounds', async () => {
    await getAll(Array.from({ length: 1000 }, (_, i) => `/v1/regions?search=nothing-${i}-${'y'.repeat(200)}`));
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThanOrEqual(50);
    expect(cache.byteSize).toBeLessThanOrEqual(256 * 1024);
  });
});
