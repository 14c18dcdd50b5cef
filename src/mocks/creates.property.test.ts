/**
 * Creations under concurrency: valid, invalid and conflicting POSTs sent at once, against the HTTP server with
 * its file store, and against the service with a store whose saves fail. Every 201 must be stored and
 * readable, nothing else may be, and the stored set must keep the rules (unique codes, unique province names
 * per region, provinces under existing regions).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { diskDataSource, fileStore } from '../server/disk.ts';
import { startHttpServer } from '../server/http-server.ts';
import { fold } from '../service/params.ts';
import { Service } from '../service/service.ts';
import { type CreatedRecords, emptyRecords, type RecordStore } from '../service/store.ts';
import { toJsonText, wrongValue } from '../test/bad-input.ts';
import { checkProperty, expectDocumentedAnswer } from '../test/property.ts';

const KEY = 'create-property-key';
const REQUEST_TIMEOUT = 20_000;

/**
 * One creation, described with placeholders that each run fills in with its own prefix, so runs do not
 * collide with each other but requests within a run do: same codes in other cases, names equal once folded,
 * region codes that look like another region's string id (`REGION-…` against `region-…`).
 */
interface Op {
  kind: 'region' | 'province';
  body: Record<string, unknown> | string;
}

const codeSuffix = fc.constantFrom('A', 'B', 'a', 'b');
const regionCode = fc.oneof(
  { weight: 6, arbitrary: codeSuffix.map((s) => `{P}${s}`) },
  { weight: 2, arbitrary: codeSuffix.map((s) => `REGION-{P}${s}`) },
  { weight: 1, arbitrary: fc.constantFrom('NCR', 'car', '1X', '', 'X'.repeat(17), '{P}-') },
);
const provinceCode = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('A', 'B', 'C', 'D', 'e', 'f').map((s) => `{P}${s}`) },
  { weight: 1, arbitrary: fc.constantFrom('CEB', 'mm', 'C', 'X'.repeat(11)) },
);
// Names carry the run's prefix too, so a run can list its own regions with ?search=.
const name = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('Alpha {P}', 'alpha {p}', ' ALPHA {P} ', 'Álpha {P}', 'Beta {P}') },
  { weight: 2, arbitrary: fc.constantFrom('Cebu', 'Batangas') },
  { weight: 1, arbitrary: fc.constantFrom('', ' ') },
);
/**
 * The region a province is created under: one this run creates (by string id or short code), one created
 * before the property (BASEA, BASEB), or a built-in.
 */
const regionRef = fc.oneof(
  { weight: 5, arbitrary: codeSuffix.map((s) => `region-{p}${s.toLowerCase()}`) },
  { weight: 4, arbitrary: fc.constantFrom('region-basea', 'region-baseb', 'BASEA') },
  { weight: 2, arbitrary: codeSuffix.map((s) => `region-region-{p}${s.toLowerCase()}`) },
  { weight: 2, arbitrary: codeSuffix.map((s) => `{P}${s.toUpperCase()}`) },
  { weight: 2, arbitrary: fc.constantFrom('region-ncr', '13', '0700000000', 'CAR', 'region-nowhere') },
);
/** A body field: mostly valid, sometimes of the wrong type or size, sometimes left out. */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 12, arbitrary: valid as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: wrongValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
const present = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .record({ name: field(name), code: field(regionCode) })
      .map((body) => ({ kind: 'region' as const, body: present(body) })),
  },
  {
    weight: 3,
    arbitrary: fc
      .record({ name: field(name), code: field(provinceCode), region_id: field(regionRef) })
      .map((body) => ({ kind: 'province' as const, body: present(body) })),
  },
  { weight: 1, arbitrary: fc.constantFrom<Op>({ kind: 'region', body: '{"name":' }, { kind: 'province', body: '' }) },
);

/** The request text with this run's prefix put in (upper case `{P}`, lower case `{p}`). */
const bodyText = (body: Op['body'], prefix: string) =>
  (typeof body === 'string' ? body : toJsonText(body as never))
    .replaceAll('{P}', prefix)
    .replaceAll('{p}', prefix.toLowerCase());

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
  unique(records.provinces, provinces, (p) => `${p.regionId} ${fold(p.name)}`, 'province name in its region');
  const regionIds = new Set([...builtInRegionIds, ...records.regions.map((r) => r.stringId)]);
  for (const p of provinces) expect(regionIds.has(p.regionId), `region of ${p.id}`).toBe(true);
}

describe('creations under concurrency', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-create-property-'));
  const recordsFile = path.join(dir, 'records.json');
  let server: Awaited<ReturnType<typeof startHttpServer>>;
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
    server = await startHttpServer({ port: 0, keys: [KEY], store: fileStore(recordsFile) });
    const regions = (await call('GET', '/v1/regions?limit=100')).body as { data: { short_code: string }[] };
    builtInRegionIds = new Set(regions.data.map((r) => `region-${r.short_code.toLowerCase()}`));
    for (const code of ['BASEA', 'BASEB']) {
      const base = await call('POST', '/v1/regions', JSON.stringify({ name: `Base ${code}`, code }));
      created.regions.set((base.body as { id: string }).id, base.body);
    }
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('over HTTP with the file store: every 201 is stored whole and readable, nothing else is stored', async () => {
    let run = 0;
    await checkProperty(
      'http: concurrent creates, file store',
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const prefix = `Q${(run++).toString(36).toUpperCase()}Z`;
        const before = await fileStore(recordsFile).load();
        const answers = await Promise.all(
          ops.map((o) => call('POST', o.kind === 'region' ? '/v1/regions' : '/v1/provinces', bodyText(o.body, prefix))),
        );
        const after = await fileStore(recordsFile).load(); // opened anew: what a restart would read
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

  test('every record answered 201 is still there after a restart on the same file', async () => {
    await server.close();
    server = await startHttpServer({ port: 0, keys: [KEY], store: fileStore(recordsFile) });
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
    const stored = await fileStore(recordsFile).load();
    expect(stored.regions).toHaveLength(created.regions.size);
    expect(stored.provinces).toHaveLength(created.provinces.size);
  });
});

/** A store whose saves fail when told to, after a pause in which other requests run. */
function failingStore(fails: () => boolean): RecordStore & { saved: CreatedRecords } {
  const store = {
    saved: emptyRecords(),
    load: async () => structuredClone(store.saved),
    save: async (records: CreatedRecords) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fails()) throw new Error('disk full');
      store.saved = structuredClone(records);
    },
  };
  return store;
}

describe('creations when saving fails', () => {
  test('a failed save answers 500 and leaves no trace; no reader ever sees an unsaved record', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined); // each failed save is logged
    let failures: boolean[] = [];
    const store = failingStore(() => failures.shift() ?? false);
    const service = await Service.create({ source: diskDataSource(), store, keys: [KEY] });
    const request = (target: string, body?: string) => ({
      url: new URL(`http://api.test${target}`),
      authorization: `Bearer ${KEY}`,
      ...(body !== undefined && { body: JSON.parse(body) }),
    });
    /** Short codes of the regions the service lists, page by page, that carry this run's prefix. */
    const regionCodes = async (prefix: string) => {
      const codes: string[] = [];
      for (let page = 1; ; page++) {
        const { body } = await service.listRegions(request(`/v1/regions?limit=100&page=${page}`));
        const data = (body as { data: { short_code: string }[] }).data;
        codes.push(...data.map((r) => r.short_code).filter((c) => c.includes(prefix)));
        if (data.length < 100) return codes;
      }
    };
    let run = 0;
    await checkProperty(
      'service: concurrent creates, failing saves',
      fc.asyncProperty(
        fc.array(
          op.filter((o) => typeof o.body !== 'string'),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(fc.boolean(), { maxLength: 8 }),
        async (ops, fails) => {
          failures = [...fails];
          const prefix = `F${(run++).toString(36).toUpperCase()}Z`;
          const seen = new Set<string>();
          // readers that look while the creations (and their saves) are under way
          const look = async () => {
            for (let i = 0; i < 6; i++) {
              await new Promise((resolve) => setTimeout(resolve, i % 2));
              for (const code of await regionCodes(prefix)) seen.add(code);
            }
          };
          const answers = await Promise.all([
            ...ops.map((o) => {
              const body = bodyText(o.body, prefix);
              return o.kind === 'region'
                ? service.createRegion(request('/v1/regions', body))
                : service.createProvince(request('/v1/provinces', body));
            }),
            look(),
            look(),
            look(),
          ]);
          const saved = store.saved;
          const created = answers.slice(0, ops.length) as { status: number; body: any }[];
          for (const a of created) expect([201, 400, 409, 500]).toContain(a.status);
          for (const a of created.filter((c) => c.status === 201)) {
            const list = 'region_id' in a.body ? saved.provinces : saved.regions;
            expect(
              list.some((r) => r.code === a.body.code),
              `201 ${a.body.code} saved`,
            ).toBe(true);
          }
          // what the service shows is what is saved, and nothing shown was ever unsaved
          const savedCodes = saved.regions.map((r) => r.code).filter((c) => c.includes(prefix));
          expect((await regionCodes(prefix)).sort()).toEqual(savedCodes.sort());
          for (const code of seen) expect(savedCodes, `${code} was shown`).toContain(code);
        },
      ),
      150,
    );
    expect(logged.mock.calls.every(([, error]) => (error as Error).message === 'disk full')).toBe(true);
    logged.mockRestore();
  });
});
