import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { REGION_COUNT } from '../test/vintage.ts';
import { startHttpServer } from './http-server.ts';
import { fileStore } from './node-data.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-api-'));
const recordsFile = path.join(dir, 'records.json');
const KEY = 'http-test-key';
let server: Awaited<ReturnType<typeof startHttpServer>>;

const start = () => startHttpServer({ port: 0, keys: [KEY], store: fileStore(recordsFile) });
const call = async (url: string, init: RequestInit & { key?: string | null } = {}) => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.key !== null) headers.authorization = `Bearer ${init.key ?? KEY}`;
  const response = await fetch(server.url + url, { ...init, headers });
  return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
};

beforeAll(async () => {
  server = await start();
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
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

  test('answers browsers’ CORS preflight', async () => {
    const response = await fetch(`${server.url}/v1/regions`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  test('keeps created records across a restart, in a file written whole', async () => {
    const region = await call('/v1/regions', { method: 'POST', body: JSON.stringify({ name: 'Kept', code: 'KEPT' }) });
    expect(region.status).toBe(201);
    const province = await call('/v1/provinces', {
      method: 'POST',
      body: JSON.stringify({ name: 'Kept Province', region_id: region.body.id, code: 'KPP' }),
    });
    expect(province.status).toBe(201);
    expect(JSON.parse(fs.readFileSync(recordsFile, 'utf8')).regions).toHaveLength(1);
    expect(fs.readdirSync(dir)).toEqual(['records.json']);

    await server.close();
    server = await start();
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

  test('refuses a body over 1 MB with 413', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(1_100_000), code: 'BIG' });
    expect((await call('/v1/regions', { method: 'POST', body: big })).status).toBe(413);
  });
});
