/**
 * Creations under concurrency over the HTTP server with its default store, PGlite in a folder: valid, invalid and conflicting POSTs
 * sent at once. Every 201 must be stored and readable, after a restart too, nothing else may be, and the stored
 * set must keep the rules (unique codes, unique province names per region, provinces under existing regions).
 * The service's own side, with saves that fail, is src/service/creates.property.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { uniqueNameKey } from '../service/params.ts';
import type { CreatedRecords } from '../service/store.ts';
import { bodyText, op } from '../test/creations.ts';
import { freshPglite, migrated } from '../test/databases.ts';
import { checkProperty, expectDocumentedAnswer } from '../test/property.ts';
import { startTestServer } from '../test/test-server.ts';
import { databaseStore } from './db/database-store.ts';
import { loadRecords } from './db/record-rows.ts';
import type { Sql } from './db/sql.ts';

const KEY = 'create-property-key';
const REQUEST_TIMEOUT = 20_000;

/**
 * The rules every stored set keeps, whatever was sent, checked for the records a run added (so a run is judged
 * by what it did, and fast-check can shrink a failure to the requests that caused it).
 */
function expectConsistent(records: CreatedRecords, before: CreatedRecords, builtInRegionIds: Set<string>) {
  const unique = <T>(all: T[], added: T[], key: (item: T) => string, what: string) => {
    const counts = new Map<string, number>();
    for (const item of all) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
    for (const item of added) expect(counts.get(key(item)), `${what} ${key(item)} is unique`).toBe(1);
  };
  const regions = records.regions.slice(before.regions.length);
  const provinces = records.provinces.slice(before.provinces.length);
  unique(records.regions, regions, (r) => r.code.toUpperCase(), 'region code');
  unique(records.provinces, provinces, (p) => p.code.toUpperCase(), 'province code');
  unique(records.provinces, provinces, (p) => `${p.regionId} ${uniqueNameKey(p.name)}`, 'province name in its region');
  const regionIds = new Set([...builtInRegionIds, ...records.regions.map((r) => r.stringId)]);
  for (const p of provinces) expect(regionIds.has(p.regionId), `region of ${p.id}`).toBe(true);
}

describe('creations under concurrency', () => {
  const db = freshPglite();
  let sql: Sql;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let builtInRegionIds: Set<string>;
  const created = { regions: new Map<string, unknown>(), provinces: new Map<string, unknown>() };

  const call = async (method: string, target: string, body?: string) => {
    const response = await fetch(server.url + target, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT),
    });
    const text = await response.text();
    return { status: response.status, body: expectDocumentedAnswer(response.status, text, `${method} ${target}`) };
  };

  beforeAll(async () => {
    sql = await migrated(db);
    server = await startTestServer({ keys: [KEY], store: databaseStore(sql) });
    const regions = (await call('GET', '/v1/regions?limit=100')).body as { data: { short_code: string }[] };
    builtInRegionIds = new Set(regions.data.map((r) => `region-${r.short_code.toLowerCase()}`));
    for (const code of ['BASEA', 'BASEB']) {
      const base = await call('POST', '/v1/regions', JSON.stringify({ name: `Base ${code}`, code }));
      created.regions.set((base.body as { id: string }).id, base.body);
    }
  });
  afterAll(async () => {
    await server?.close();
    await db.drop();
  });

  test('over HTTP with the database store: every 201 is stored whole and readable, nothing else is stored', async () => {
    let run = 0;
    await checkProperty(
      'http: concurrent creates, database store',
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const prefix = `Q${(run++).toString(36).toUpperCase()}Z`;
        const before = await loadRecords(sql);
        const answers = await Promise.all(
          ops.map((o) => call('POST', o.kind === 'region' ? '/v1/regions' : '/v1/provinces', bodyText(o.body, prefix))),
        );
        const after = await loadRecords(sql); // read from the database, not the server's memory
        expectConsistent(after, before, builtInRegionIds);

        const isNew = <T extends { createdAt: string }>(list: T[], old: T[]) => list.slice(old.length);
        expect(after.regions.slice(0, before.regions.length)).toEqual(before.regions);
        expect(after.provinces.slice(0, before.provinces.length)).toEqual(before.provinces);
        const answered = answers.map((a, i) => ({ ...a, kind: ops[i].kind }));
        for (const a of answered) expect([201, 400, 409, 413]).toContain(a.status);
        const regions201 = answered.filter((a) => a.status === 201 && a.kind === 'region').map((a) => a.body);
        const provinces201 = answered.filter((a) => a.status === 201 && a.kind === 'province').map((a) => a.body);
        const storedRegions = isNew(after.regions, before.regions).map((r) => ({
          id: r.stringId,
          name: r.name,
          code: r.code,
        }));
        const storedProvinces = isNew(after.provinces, before.provinces).map((p) => ({
          id: p.id,
          name: p.name,
          region_id: p.regionId,
          code: p.code,
        }));
        const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
        expect(storedRegions.sort(byId)).toEqual([...(regions201 as { id: string }[])].sort(byId));
        expect(storedProvinces.sort(byId)).toEqual(
          (provinces201 as { id: string }[])
            .map(({ id, name, region_id, code }: any) => ({ id, name, region_id, code }))
            .sort(byId),
        );

        // each is read back by the id it was answered with, as the answer said
        for (const r of regions201 as { id: string; name: string; code: string }[]) {
          const read = await call('GET', `/v1/regions/${encodeURIComponent(r.id)}`);
          expect(read.status).toBe(200);
          expect((read.body as { data: unknown }).data).toMatchObject({ name: r.name, code: r.code });
          created.regions.set(r.id, r);
        }
        for (const p of provinces201 as { id: string }[]) {
          const read = await call('GET', `/v1/provinces/${encodeURIComponent(p.id)}`);
          expect(read.body).toEqual(p);
          created.provinces.set(p.id, p);
        }
      }),
      60,
    );
  });

  test('every record answered 201 is still there after a restart on the same folder', async () => {
    await server.close();
    sql = await migrated(db); // closed and opened again
    server = await startTestServer({ keys: [KEY], store: databaseStore(sql) });
    for (const [id, region] of created.regions) {
      const read = await call('GET', `/v1/regions/${encodeURIComponent(id)}`);
      expect((read.body as { data: unknown }).data).toMatchObject({
        name: (region as { name: string }).name,
        code: (region as { code: string }).code,
      });
    }
    for (const [id, province] of created.provinces) {
      expect((await call('GET', `/v1/provinces/${encodeURIComponent(id)}`)).body).toEqual(province);
    }
    const stored = await loadRecords(sql);
    expect(stored.regions).toHaveLength(created.regions.size);
    expect(stored.provinces).toHaveLength(created.provinces.size);
  });
});
