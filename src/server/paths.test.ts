/**
 * One spelling of each path over HTTP: `/v1` matched exactly and case-sensitively, and every other
 * spelling of an endpoint normalised before the key check, the rate limit, the geometry slots and the cache.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryStore } from '../service/store.ts';
import { rawRequest } from '../test/raw-http.ts';
import { startTestServer } from '../test/test-server.ts';
import { ResponseCache } from './response-cache.ts';

const KEY = 'paths-test-key';
type Server = Awaited<ReturnType<typeof startTestServer>>;
const portOf = (server: Server) => Number(new URL(server.url).port);

/** The target exactly as written: fetch and node:http would tidy some of these spellings themselves. */
const get = (server: Server, target: string) =>
  rawRequest(
    portOf(server),
    Buffer.from(`GET ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nConnection: close\r\n\r\n`),
    10_000,
  );
const codeOf = (body: string) => (JSON.parse(body) as { error?: { code: string } }).error?.code;

describe('paths the server does not serve', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ keys: [KEY], store: memoryStore() });
  });
  afterAll(() => server.close());

  test.each([
    '/V1/regions',
    '/V1/REGIONS',
    '/v1/Regions',
    '/x/v1/regions',
    '/api/v1/regions?geometry=detailed',
    '/v1x/regions',
    '/%76%31/Regions',
    '/',
  ])('%s is a 404 in the error shape', async (target) => {
    const answer = await get(server, target);
    expect(answer.status).toBe(404);
    expect(codeOf(answer.body)).toBe('not_found');
    expect(JSON.parse(answer.body).data).toBeNull();
  });

  test.each([
    '/v1/regions',
    '/v1/regions/',
    '/v1//regions',
    '//v1/regions',
    '/v1/%72egions',
    '/v1/%72%65%67%69%6f%6e%73/',
    '/%76%31/regions',
    '/v1/./regions',
    '/v1/x/../regions',
  ])('%s is the region list', async (target) => {
    const answer = await get(server, `${target}?limit=2`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data).toHaveLength(2);
  });

  test('a region id percent-encoded is the same region', async () => {
    const plain = await get(server, '/v1/regions/NCR');
    const encoded = await get(server, '/v1/regions/%4E%43%52/');
    expect(plain.status).toBe(200);
    expect(encoded.body).toBe(plain.body);
  });
});

describe('every spelling goes through the same limits', () => {
  let server: Server;
  const cache = new ResponseCache();
  beforeAll(async () => {
    server = await startTestServer({
      keys: [KEY],
      store: memoryStore(),
      cache,
      limits: { rate: { perSecond: 0.001, burst: 3 } },
    });
  });
  afterAll(() => server.close());

  test('spellings of one answer share one cache entry and one key’s rate', async () => {
    const first = await get(server, '/v1/regions?limit=3');
    expect(first.status).toBe(200);
    expect(cache.size).toBe(1);
    const second = await get(server, '/v1//%72egions/?limit=3');
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(cache.size).toBe(1);
    const third = await get(server, '/%76%31/regions?limit=3');
    expect(third.status).toBe(200);
    expect(cache.size).toBe(1);
    // the burst of 3 is spent whatever the spelling; a path that is not the API is no endpoint, limited or not
    const limited = await get(server, '/v1/Regions/../regions/?limit=3');
    expect(limited.status).toBe(429);
    expect((await get(server, '/V1/regions?limit=3')).status).toBe(404);
  });
});

describe('a body sent to a path that is not the API', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ keys: [KEY], store: memoryStore() });
  });
  afterAll(() => server.close());

  test('is not read: the 404 closes the connection', async () => {
    const body = JSON.stringify({ name: 'Nowhere', code: 'NWH' });
    const socket = net.connect(portOf(server), '127.0.0.1');
    socket.on('error', () => undefined);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
    });
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      `POST /V1/regions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${KEY}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\n\r\n${body}`,
    );
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
  });
});
