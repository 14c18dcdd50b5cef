/**
 * Read keys and admin keys, and the audit trail, over real HTTP on the store `npm run api` uses by default:
 * a read key reads everything and changes nothing; every change an admin key makes is recorded with
 * who made it and the record before and after; a deleted unit comes back as it was.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshPglite, migrated } from '../test/databases.ts';
import { caller } from '../test/http-call.ts';
import { rawRequest } from '../test/raw-http.ts';
import { startTestServer } from '../test/test-server.ts';
import { databaseStore } from './db/database-store.ts';
import { envKeyId, envKeyRing } from './env-keys.ts';

const READ = 'roles-read-key';
const ADMIN = 'roles-admin-key';
const OTHER_ADMIN = 'roles-second-admin-key';
const db = freshPglite();
let server: Awaited<ReturnType<typeof startTestServer>>;

const call = caller(() => server.url, ADMIN);

beforeAll(async () => {
  server = await startTestServer({
    keys: envKeyRing({ read: [READ], admin: [ADMIN, OTHER_ADMIN] }),
    store: databaseStore(await migrated(db)),
  });
  await server.ready; // geocodes are answered by the read workers once they have built the index
});
afterAll(async () => {
  await server.close();
  await db.drop();
});

/** Every write the API has, with a body a write would be accepted with. */
const WRITES = [
  { method: 'POST', path: '/v1/regions', body: { name: 'Read Key Region', code: 'RKR' } },
  { method: 'POST', path: '/v1/regions?dry_run=true', body: { name: 'Read Key Preview', code: 'RKP' } },
  { method: 'POST', path: '/v1/provinces', body: { name: 'Read Key Province', code: 'RKPV', region_id: '1' } },
  { method: 'PATCH', path: '/v1/regions/100', body: { name: 'Renamed' } },
  { method: 'PATCH', path: '/v1/provinces/100000', body: { name: 'Renamed' } },
  { method: 'DELETE', path: '/v1/regions/100' },
  { method: 'DELETE', path: '/v1/provinces/100000' },
  { method: 'POST', path: '/v1/regions/100/restore' },
  { method: 'POST', path: '/v1/provinces/100000/restore' },
  { method: 'GET', path: '/v1/audit' },
];

describe('read keys and admin keys', () => {
  test('a read key reads every kind of endpoint', async () => {
    expect((await call('/v1/regions', { key: READ })).status).toBe(200);
    expect((await call('/v1/provinces?region_id=1', { key: READ })).status).toBe(200);
    expect((await call('/v1/geocode?q=Calamba%20Laguna', { key: READ })).status).toBe(200);
    expect((await call('/v1/geocode/reverse?lat=14.2&lng=121.16', { key: READ })).status).toBe(200);
    const batch = await call('/v1/geocode/batch', {
      method: 'POST',
      key: READ,
      body: { addresses: ['Calamba, Laguna'] },
    });
    expect(batch.status).toBe(200);
    const search = await call('/v1/regions/search', { method: 'POST', key: READ, body: { ids: ['0400000000'] } });
    expect(search.status).toBe(200);
  });

  test('a read key’s every write is 403 forbidden and changes nothing; an unknown key stays 401', async () => {
    const before = (await call('/v1/regions?limit=100')).body.meta.total;
    for (const write of WRITES) {
      const answer = await call(write.path, { method: write.method, body: write.body, key: READ });
      expect(answer.status, `${write.method} ${write.path}`).toBe(403);
      expect(answer.body.error.code, `${write.method} ${write.path}`).toBe('forbidden');
      expect(answer.body.error.message).toMatch(/read key.*admin key/);
      const unknown = await call(write.path, { method: write.method, body: write.body, key: 'nobody-has-this' });
      expect(unknown.status, `${write.method} ${write.path}`).toBe(401);
    }
    expect((await call('/v1/regions?limit=100')).body.meta.total).toBe(before);
    expect((await call('/v1/audit')).body.meta.total).toBe(0);
  });

  test('a read key’s write is refused on its head, before its body is read', async () => {
    // The head announces a body that never comes: an answer at all means it was not waited for.
    const head = [
      'POST /v1/regions HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: Bearer ${READ}`,
      'Content-Type: application/json',
      'Content-Length: 5000',
      '',
      '',
    ].join('\r\n');
    const answer = await rawRequest(Number(new URL(server.url).port), Buffer.from(head), 10_000);
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).error.code).toBe('forbidden');
  });
});

describe('the audit trail', () => {
  test('records each change with its key, the action and the record before and after, in order', async () => {
    const created = await call('/v1/regions', { method: 'POST', body: { name: 'Audited Region', code: 'AUD' } });
    expect(created.status).toBe(201);
    const renamed = await call(`/v1/regions/${created.body.id}`, {
      method: 'PATCH',
      body: { name: 'Audited Region Renamed' },
      key: OTHER_ADMIN,
    });
    expect(renamed.status).toBe(200);
    const recoded = await call(`/v1/regions/${created.body.id}`, { method: 'PATCH', body: { code: 'AUDX' } });
    expect(recoded.status).toBe(200);

    const trail = await call('/v1/audit?kind=region');
    expect(trail.status).toBe(200);
    const [recode, rename, create] = trail.body.data;
    expect(trail.body.meta).toMatchObject({ total: 3, page: 1 });
    expect(create).toMatchObject({
      action: 'create',
      kind: 'region',
      key: { id: envKeyId(ADMIN), name: `ADMIN_KEYS ${envKeyId(ADMIN).slice(4, 12)}` },
      unit: { code: 'AUD' },
      before: null,
      after: { name: 'Audited Region', code: 'AUD' },
    });
    expect(rename).toMatchObject({
      action: 'rename',
      key: { id: envKeyId(OTHER_ADMIN), name: `ADMIN_KEYS ${envKeyId(OTHER_ADMIN).slice(4, 12)}` },
      before: { name: 'Audited Region' },
      after: { name: 'Audited Region Renamed', code: 'AUD' },
    });
    expect(recode).toMatchObject({ action: 'recode', before: { code: 'AUD' }, after: { code: 'AUDX' } });
    // Never the key itself.
    expect(JSON.stringify(trail.body)).not.toContain(ADMIN);
    expect(new Date(create.at).getTime()).toBeLessThanOrEqual(new Date(recode.at).getTime());

    const byKey = await call(`/v1/audit?key=${envKeyId(OTHER_ADMIN)}`);
    expect(byKey.body.data.map((e: { action: string }) => e.action)).toEqual(['rename']);
    const byUnit = await call('/v1/audit?unit=AUD');
    expect(byUnit.body.data.map((e: { action: string }) => e.action)).toEqual(['rename', 'create']);
    const paged = await call('/v1/audit?kind=region&limit=2&page=2');
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.meta).toMatchObject({ total: 3, totalPages: 2, page: 2 });
  });

  test('a deleted region keeps its last state in the trail and is restored as it was, members and all', async () => {
    const made = await call('/v1/regions', {
      method: 'POST',
      body: { name: 'Panay Restored', code: 'PNR', province_ids: ['0600400000', '0601900000'] },
    });
    expect(made.status).toBe(201);
    const record = (await call(`/v1/regions/${made.body.id}`)).body;
    const id = record.data?.id ?? record.id;

    const undone = await call(`/v1/regions/${made.body.id}`, { method: 'DELETE' });
    expect(undone.status).toBe(200);
    expect((await call(`/v1/regions/${made.body.id}`)).status).toBe(404);
    const [deleted] = (await call('/v1/audit?unit=PNR&action=delete')).body.data;
    expect(deleted).toMatchObject({
      action: 'delete',
      before: { name: 'Panay Restored', code: 'PNR', members: ['0600400000', '0601900000'] },
      after: null,
    });

    const restored = await call(`/v1/regions/${deleted.unit.id}/restore`, { method: 'POST' });
    expect(restored.status).toBe(201);
    expect(restored.body.data).toMatchObject({ numeric_id: deleted.unit.id, code: 'PNR' });
    const again = (await call(`/v1/regions/${made.body.id}`)).body;
    expect(again.data?.id ?? again.id).toBe(id);
    // Its members are its own again: Aklan is listed under it.
    const provinces = await call(`/v1/provinces?region_id=${made.body.id}`);
    expect(JSON.stringify(provinces.body)).toContain('Aklan');
    const [restore] = (await call('/v1/audit?unit=PNR&action=restore')).body.data;
    expect(restore).toMatchObject({ before: null, after: { code: 'PNR', members: ['0600400000', '0601900000'] } });

    // Restoring what is there is a conflict, not a second copy.
    const twice = await call(`/v1/regions/${deleted.unit.id}/restore`, { method: 'POST' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('not_deleted');
    // A unit never deleted has nothing to restore.
    expect((await call('/v1/regions/99999/restore', { method: 'POST' })).status).toBe(404);
  });

  test('a restore whose code was taken since is refused, naming why', async () => {
    const first = await call('/v1/provinces', {
      method: 'POST',
      body: { name: 'Gone Province', code: 'GONE', region_id: '1' },
    });
    expect(first.status).toBe(201);
    expect((await call(`/v1/provinces/${first.body.data?.id ?? first.body.id}`, { method: 'DELETE' })).status).toBe(
      200,
    );
    const taker = await call('/v1/provinces', {
      method: 'POST',
      body: { name: 'Taker', code: 'GONE', region_id: '1' },
    });
    expect(taker.status).toBe(201);
    const [deleted] = (await call('/v1/audit?kind=province&action=delete')).body.data;
    const refused = await call(`/v1/provinces/${deleted.unit.id}/restore`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('duplicate');
  });
});

describe('text the database cannot hold', () => {
  test('a NUL byte in an audit filter or a restore id is a 400 naming it, not a 500', async () => {
    for (const filter of ['unit', 'key']) {
      const answer = await call(`/v1/audit?${filter}=AUD%00X`);
      expect(answer.status, filter).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid_parameter', details: { param: filter } });
    }
    for (const kind of ['regions', 'provinces']) {
      const answer = await call(`/v1/${kind}/AUD%00X/restore`, { method: 'POST' });
      expect(answer.status, kind).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'invalid_parameter', details: { param: 'id' } });
    }
  });
});
