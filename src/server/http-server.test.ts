import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshPglite, migrated } from '../test/databases.ts';
import { caller } from '../test/http-call.ts';
import { rawRequest } from '../test/raw-http.ts';
import { startTestServer } from '../test/test-server.ts';
import { byVintage, REGION_COUNT, VINTAGE } from '../test/vintage.ts';
import { databaseStore } from './db/database-store.ts';
import { loadRecords } from './db/record-rows.ts';

const db = freshPglite();
const KEY = 'http-test-key';
let server: Awaited<ReturnType<typeof startTestServer>>;

/** The server as `npm run api` starts it by default: PGlite in a folder, opened anew on each start. */
const start = async () => startTestServer({ keys: [KEY], store: databaseStore(await migrated(db)) });
const call = caller(() => server.url, KEY);

beforeAll(async () => {
  server = await start();
  await server.ready; // geocodes are answered by the read workers once they have built the index
});
afterAll(async () => {
  await server.close();
  await db.drop();
});

describe('the /v1 service over real HTTP', () => {
  test('answers the same contract: pages, 401 and 404', async () => {
    const list = await call('/v1/regions');
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(REGION_COUNT);
    expect(list.body.meta.links.next).toMatch(new RegExp(`^${server.url}/v1/regions\\?`));
    expect((await call('/v1/regions', { key: null })).status).toBe(401);
    expect((await call('/v1/municities/9999999')).status).toBe(404);
    expect((await call('/v1/municities?province=Metro%20Manila&limit=100')).body.meta.total).toBe(17);
  });

  test('answers browsers’ CORS preflight from the dev server’s origin', async () => {
    const response = await fetch(`${server.url}/v1/regions`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:5173' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  test('names the code list of every answer, errors too, in a header a page of another origin may read', async () => {
    const origin = 'http://127.0.0.1:5173';
    const answers = await Promise.all(
      ['/v1/regions', '/v1/municities/9999999', '/v1/geocode?q=Tagum'].map((path) =>
        fetch(`${server.url}${path}`, { headers: { origin, authorization: `Bearer ${KEY}` } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers.get('x-psgc-vintage')).toBe(VINTAGE);
      expect(answer.headers.get('access-control-expose-headers')).toContain('x-psgc-vintage');
    }
    const refused = await fetch(`${server.url}/v1/regions`, { headers: { origin } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-psgc-vintage')).toBe(VINTAGE);
  });

  test('answers a split barangay’s old name as the in-page service does, the old territory with its parts', async () => {
    const q = encodeURIComponent('Brgy. 176, Caloocan');
    const geocoded = await call(`/v1/geocode?q=${q}&limit=3`);
    expect(geocoded.status).toBe(200);
    const [first] = geocoded.body.data;
    // In 4Q 2023's own list Barangay 176 is still one barangay.
    if (!byVintage({ '4Q 2023': false, '4Q 2024': true, '2Q 2025': true, '3Q 2025': true })) {
      expect(first).toMatchObject({ code: '1380100176', name: 'Barangay 176' });
      expect(first.split).toBeUndefined();
      return;
    }
    expect(first).toMatchObject({ code: '1380100176', name: 'Barangay 176', split: { since: '4Q 2024' } });
    expect(first.split.parts).toHaveLength(6);
    const matched = await call('/v1/geocode/batch', { body: { addresses: ['Brgy. 176, Caloocan'] } });
    const [row] = matched.body.data;
    expect(row).toMatchObject({
      status: 'ambiguous',
      match: { psgc_code: '1380100176', lat: first.lat, lng: first.lng },
    });
    expect(row.reason).toMatch(/was split in 2024 into 176-A to 176-F/);
  });

  test('keeps created records across a restart, in its database', async () => {
    const region = await call('/v1/regions', { body: { name: 'Kept', code: 'KEPT' } });
    expect(region.status).toBe(201);
    const province = await call('/v1/provinces', {
      body: { name: 'Kept Province', region_id: region.body.id, code: 'KPP' },
    });
    expect(province.status).toBe(201);
    await server.close();
    const reopened = await migrated(db); // the folder closed and opened again, as a restart does
    expect((await loadRecords(reopened)).regions.map((r) => r.code)).toEqual(['KEPT']);
    server = await startTestServer({ keys: [KEY], store: databaseStore(reopened) });
    expect((await call('/v1/regions?search=kept')).body.data).toEqual([expect.objectContaining({ code: 'KEPT' })]);
    const provinces = await call(`/v1/provinces?region_id=${region.body.id}`);
    expect(provinces.body.data).toEqual([expect.objectContaining({ name: 'Kept Province', code: 'KPP' })]);
  });

  test('compresses large answers for clients that accept gzip', async () => {
    const { gunzipSync } = await import('node:zlib');
    const http = await import('node:http');
    const raw = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
      const req = http.get(
        `${server.url}/v1/regions?geometry=simple&output=geojson&limit=100`,
        { headers: { authorization: `Bearer ${KEY}`, 'accept-encoding': 'gzip' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        },
      );
      req.on('error', reject);
    });
    expect(raw.encoding).toBe('gzip');
    const collection = JSON.parse(gunzipSync(raw.body).toString());
    // the built regions, and any region created by the tests above (no boundary, null geometry)
    expect(collection.features.filter((f: { geometry: unknown }) => f.geometry !== null)).toHaveLength(REGION_COUNT);
  });

  test('refuses a create body over 16 KB with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(17_000), code: 'BIG' });
    const answer = await call('/v1/regions', { body: big });
    expect(answer.status).toBe(413);
    expect(answer.body.error.code).toBe('too_large');
  });
});

/** Sends a request by hand (what fetch would refuse to send) and reads the answer. */
const raw = (head: string, body = '') =>
  rawRequest(Number(new URL(server.url).port), Buffer.from(`${head}\r\n\r\n${body}`, 'latin1'), 10_000);
const errorShape = (code: string) => ({ data: null, error: { code, message: expect.any(String) } });

describe('requests the HTTP layer must answer itself, in the error shape', () => {
  test('headers over 16 KB are a 431 too_large in JSON, not a bare status', async () => {
    const response = await fetch(`${server.url}/v1/regions?search=${'x'.repeat(20_000)}`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(response.status).toBe(431);
    expect(await response.json()).toEqual(errorShape('too_large'));
  });

  test('a request Node cannot parse is a 400 invalid_request in JSON', async () => {
    const both = `POST /v1/regions HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 2`;
    for (const head of ['HELLO', both]) {
      const response = await raw(head, '2\r\n{}\r\n0\r\n\r\n');
      expect(response.status, head).toBe(400);
      expect(JSON.parse(response.body)).toEqual(errorShape('invalid_request'));
    }
  });

  test('TRACE and CONNECT are a 404 in JSON, not a 500 or a dropped connection', async () => {
    for (const head of ['TRACE /v1/regions HTTP/1.1\r\nHost: x', 'CONNECT example.com:443 HTTP/1.1\r\nHost: x']) {
      const response = await raw(`${head}\r\nConnection: close`);
      expect(response.status, head).toBe(404);
      expect(JSON.parse(response.body)).toEqual(errorShape('not_found'));
    }
  });

  test("a Host header that is not a host is answered, with links on the server's own address", async () => {
    const response = await raw(
      `GET /v1/regions HTTP/1.1\r\nHost: a b\r\nAuthorization: Bearer ${KEY}\r\nConnection: close`,
    );
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body).meta.links.next).toMatch(new RegExp(`^${server.url}/v1/regions\\?`));
  });

  test('an HTTP/1.1 request without Host is a 400 in JSON', async () => {
    const response = await raw(`GET /v1/regions HTTP/1.1\r\nAuthorization: Bearer ${KEY}\r\nConnection: close`);
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual(errorShape('invalid_request'));
  });

  test('a badly chunked body after an early answer gets that one answer, nothing appended', async () => {
    // `//x:y/v1/regions` is a path (origin-form), not a host: no endpoint, answered before the body is read
    const head = `GET //x:y/v1/regions HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked`;
    const response = await raw(head, 'zz\r\n\r\n0\r\n\r\n');
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual(errorShape('not_found'));
  });
});
