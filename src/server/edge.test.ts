/**
 * The HTTP server's edge against hostile or careless traffic: keys checked before a body is read,
 * JSON only, per-endpoint body limits, CORS for listed origins only, and headers that keep answers data.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { errorBody } from '../contract/error-body.ts';
import { BATCH_GEOCODE_MAX } from '../contract/types.ts';
import { memoryStore } from '../service/store.ts';
import { caller } from '../test/http-call.ts';
import { rawRequest } from '../test/raw-http.ts';
import { startTestServer } from '../test/test-server.ts';
import { AccessLog } from './access-log.ts';

const KEY = 'edge-test-key';
const APP = 'http://app.example:8080';
let server: Awaited<ReturnType<typeof startTestServer>>;
let port: number;

const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-access-')), 'access.log');
const accessLog = new AccessLog(logFile);

beforeAll(async () => {
  server = await startTestServer({ keys: [KEY], store: memoryStore(), corsOrigins: [APP], accessLog });
  port = Number(new URL(server.url).port);
  await server.ready; // a full batch is matched by the read workers
});
afterAll(async () => {
  await server.close();
  await accessLog.close();
  fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
});

const auth = { authorization: `Bearer ${KEY}` };
const json = { 'content-type': 'application/json' };
// No key unless a test sends one: what this file checks is what comes with a request.
const call = caller(() => server.url, null);
/** Sends a head and part of a body, never the rest, and reads what comes back until the server closes. */
const partial = (head: string[], body: string) =>
  rawRequest(port, Buffer.from(`${[...head, `Host: 127.0.0.1:${port}`].join('\r\n')}\r\n\r\n${body}`), 5_000);
const regionCount = async () => (await call('/v1/regions?limit=100', { headers: auth })).body.meta.total;

describe('the key is checked before the body is read', () => {
  test('a POST announcing 1 MB without a key is answered 401 at once, and the connection closed', async () => {
    const head = ['POST /v1/regions HTTP/1.1', 'Content-Type: application/json', 'Content-Length: 1000000'];
    // rawRequest resolves only once the server closes: the rest of the megabyte is never waited for
    const answer = await partial(head, '{"name":');
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Bearer realm="kapuluan"');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual(
      errorBody('unauthorized', 'Send an API key as Authorization: Bearer <key>'),
    );
  });

  test('a wrong key gets the service’s own 401, with the scheme named', async () => {
    const head = ['POST /v1/provinces HTTP/1.1', 'Authorization: Bearer nope', 'Content-Length: 500000'];
    const answer = await partial(head, '{');
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toEqual(errorBody('unauthorized', 'The API key is not valid'));
    const get = await call('/v1/regions', { headers: { authorization: 'Bearer nope' } });
    expect(get.status).toBe(401);
    expect(get.headers.get('www-authenticate')).toBe('Bearer realm="kapuluan"');
    expect(get.body).toEqual(errorBody('unauthorized', 'The API key is not valid'));
  });

  test('a client waiting for 100 Continue hears it only with a valid key', async () => {
    const head = (key: string) =>
      `POST /v1/regions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${key}\r\nContent-Type: application/json\r\n` +
      'Content-Length: 2\r\nExpect: 100-continue\r\n\r\n';
    /** The server's first words, before the client sends any body. */
    const firstLine = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
        socket.once('data', (chunk) => {
          resolve(chunk.toString('latin1').split('\r\n')[0]);
          socket.destroy();
        });
        socket.on('error', reject);
      });
    expect(await firstLine(head('nope'))).toBe('HTTP/1.1 401 Unauthorized');
    expect(await firstLine(head(KEY))).toBe('HTTP/1.1 100 Continue');
  });

  test('a browser’s preflight needs no key', async () => {
    const preflight = await fetch(`${server.url}/v1/regions`, { method: 'OPTIONS', headers: { origin: APP } });
    expect(preflight.status).toBe(204);
  });
});

describe('POST takes JSON only', () => {
  test('text/plain (a page on another site may send it without a preflight) is a 415, nothing created', async () => {
    const before = await regionCount();
    for (const type of ['text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'application/jsonx']) {
      const answer = await call('/v1/regions', {
        method: 'POST',
        headers: { ...auth, 'content-type': type },
        body: JSON.stringify({ name: 'Plain', code: 'PLAIN' }),
      });
      expect(answer.status, type).toBe(415);
      expect(answer.body.error.code).toBe('unsupported_media_type');
    }
    expect(await regionCount()).toBe(before);
  });

  test('application/json with a UTF-8 charset is taken', async () => {
    const answer = await call('/v1/regions', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ name: 'Charset', code: 'CHARSET' }),
    });
    expect(answer.status).toBe(201);
  });
});

describe('body limits by endpoint', () => {
  test('a create announcing over 16 KB is a 413 before its body is read', async () => {
    const head = [
      'POST /v1/provinces HTTP/1.1',
      `Authorization: Bearer ${KEY}`,
      ...['Content-Type: application/json'],
      'Content-Length: 16385',
    ];
    const answer = await partial(head, '{"name":"');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.code).toBe('too_large');
  });

  test('a chunked create is cut off as soon as it passes 16 KB', async () => {
    const head = [
      'POST /v1/regions HTTP/1.1',
      `Authorization: Bearer ${KEY}`,
      ...['Content-Type: application/json'],
      'Transfer-Encoding: chunked',
    ];
    const chunk = 'x'.repeat(17_000);
    // the chunked body never ends: only the limit can answer it
    const answer = await partial(head, `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    expect(answer.status).toBe(413);
  });

  test('a full geocode batch of 300-character addresses gets through; over 512 KB does not', async () => {
    const address = 'Blk 5 Lot 12, Mabuhay Homes, Brgy. Santo Niño, Parañaque, '.repeat(6).slice(0, 300);
    const batch = (addresses: unknown[]) =>
      call('/v1/geocode/batch', {
        method: 'POST',
        headers: { ...auth, ...json },
        body: JSON.stringify({ addresses }),
      });
    // one more than a batch takes: past the size check, refused by the service's count (so nothing is matched)
    const full = Array.from({ length: BATCH_GEOCODE_MAX + 1 }, () => address);
    const answer = await batch(full);
    expect(answer.status).toBe(400);
    expect(answer.body.error.details.param).toBe('addresses');
    expect((await batch(Array.from({ length: 2000 }, () => address))).status).toBe(413);
  });
});

describe('CORS for the listed origins only', () => {
  test('a listed origin is named back, with Vary: Origin, on answers and errors alike', async () => {
    for (const headers of [{ ...auth, origin: APP }, { origin: APP }]) {
      const answer = await call('/v1/regions', { headers });
      expect(answer.headers.get('access-control-allow-origin')).toBe(APP);
      expect(answer.headers.get('vary')).toMatch(/\borigin\b/i);
    }
  });

  test('another origin gets no allow-origin, and its preflight a 403 in the error shape', async () => {
    const answer = await call('/v1/regions', { headers: { ...auth, origin: 'https://evil.example' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await call('/v1/regions', { method: 'OPTIONS', headers: { origin: 'https://evil.example' } });
    expect(preflight.status).toBe(403);
    expect(preflight.body).toEqual({ data: null, error: { code: 'forbidden_origin', message: expect.any(String) } });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('a request without Origin (curl, another server) is answered as before', async () => {
    const answer = await call('/v1/regions', { headers: auth });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('an answer Node could not parse names no origin', async () => {
    const answer = await rawRequest(port, Buffer.from(`HELLO\r\nOrigin: ${APP}\r\n\r\n`), 5_000);
    expect(answer.status).toBe(400);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('every answer is data, never a page', () => {
  const expectDataOnly = (headers: Record<string, string | null>, label: string) => {
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['content-security-policy'], label).toBe("default-src 'none'; frame-ancestors 'none'");
  };
  const of = (headers: Headers) => Object.fromEntries(headers);

  test('successes, cached answers, errors, preflights and raw answers all carry nosniff and a deny-all policy', async () => {
    const path = '/v1/regions?limit=3';
    expectDataOnly(of((await call(path, { headers: auth })).headers), 'first');
    expectDataOnly(of((await call(path, { headers: auth })).headers), 'cached');
    expectDataOnly(of((await call(path)).headers), '401');
    expectDataOnly(of((await call('/v1/nothing', { headers: auth })).headers), '404');
    expectDataOnly(of((await fetch(server.url + path, { method: 'OPTIONS' })).headers), 'preflight');
    const raw = await rawRequest(port, Buffer.from('HELLO\r\n\r\n'), 5_000);
    expectDataOnly(raw.headers, 'raw 400');
  });
});

describe('the access log', () => {
  test('has one JSON line per request: when, who by key id (never the key), what, the status and how long', async () => {
    const probe = `/v1/regions/LOGPROBE`;
    await call(`${probe}?q=Blk%205%20Lot%2012`, { headers: auth });
    await call(probe, { headers: { authorization: 'Bearer not-this-servers' } });
    await call('/elsewhere/LOGPROBE');
    await call(`${probe}?x=1`, { method: 'OPTIONS', headers: { origin: APP } });
    const lines = async () =>
      fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.includes('LOGPROBE'))
        .map((line) => JSON.parse(line));
    await expect.poll(async () => (await lines()).length).toBe(4);
    const [found, refused, elsewhere, preflight] = await lines();
    const shape = {
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      client: '127.0.0.1',
      ms: expect.any(Number),
      bytes: expect.any(Number),
    };
    expect(found).toEqual({ ...shape, key: 'local', method: 'GET', path: probe, status: 404 });
    expect(refused).toEqual({ ...shape, key: null, method: 'GET', path: probe, status: 401 });
    expect(elsewhere).toEqual({ ...shape, key: null, method: 'GET', path: '/elsewhere/LOGPROBE', status: 404 });
    expect(preflight).toMatchObject({ method: 'OPTIONS', status: 204 });
    const text = fs.readFileSync(logFile, 'utf8');
    // Neither a key nor a query: what someone searched for is theirs.
    expect({ key: text.includes(KEY), query: text.includes('Lot') }).toEqual({ key: false, query: false });
  });
});
