/**
 * Where the service's answers read from: the read model (src/service/places.ts), a snapshot built from the dataset
 * and the created records in one place, which a write replaces and a preview never touches. The first tests drive
 * a service and read its snapshots and answers; the last read the sources, since what a file reads of the context
 * is no import a lint rule can see.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { testDataset } from '../test/service-server.ts';
import { BASE } from '../test/test-api.ts';
import type { Endpoint } from './endpoints/table.ts';
import { proposedRegion } from './reorganize/drawing.ts';
import { Service } from './service.ts';
import { memoryStore, type NewRegion } from './store.ts';

const KEY = 'read-model-key';

/** One request, as the handlers pass it on; the body as answered. */
async function call(service: Service, method: Endpoint['method'], path: string, body?: unknown) {
  const { status, body: answer } = await service.call(method, {
    url: new URL(path, BASE),
    authorization: `Bearer ${KEY}`,
    body,
  });
  return { status, body: answer as any };
}

/** What a client reads of the map: every region, and one province's record. */
const answers = async (service: Service, province: string) => ({
  regions: (await call(service, 'GET', '/v1/regions?limit=100')).body,
  province: (await call(service, 'GET', `/v1/provinces/${province}`)).body,
});

const BOHOL_REGION: NewRegion = {
  stringId: 'region-bor',
  name: 'Bohol Region',
  code: 'BOR',
  createdAt: '2024-01-01T00:00:00.000Z',
};

/**
 * A service on an empty store, with its first snapshot and generation, and Bohol of the code list (its own area
 * moves with it), its region, and the body of a create that moves it into Bohol Region.
 */
async function start() {
  const service = await Service.create({ source: await testDataset(), store: memoryStore(), keys: [KEY] });
  await service.readRest();
  const before = service.ctx.places();
  const province = before.provinceNamed('Bohol')!;
  const area = before.ownAreas(province)[0];
  const body = { name: BOHOL_REGION.name, code: BOHOL_REGION.code, province_ids: [province.id] };
  return {
    service,
    before,
    generation: service.ctx.generation,
    province,
    area,
    home: before.regionOfArea(area)!,
    body,
  };
}

describe('a preview answers from a snapshot of its own', () => {
  test("that snapshot holds the proposed region with its province, while the service's snapshot and answers stay as they were", async () => {
    const { service, before, generation, province, area, home, body } = await start();
    const shown = await answers(service, province.id);

    const preview = await call(service, 'POST', '/v1/regions?dry_run=true', body);
    expect(preview.status).toBe(200);
    expect(preview.body.data.region).toMatchObject({ id: 'region-bor', name: 'Bohol Region' });
    expect(preview.body.data.region.members).toEqual([expect.objectContaining({ id: province.id, kind: 'province' })]);
    expect(preview.body.data.moves).toEqual([
      expect.objectContaining({ id: province.id, from: { id: home.stringId, name: home.name, code: home.shortCode } }),
    ]);
    // The regions it redraws: the proposed one and the one Bohol leaves.
    expect(preview.body.data.regions.map((r: { id: string }) => r.id).sort()).toEqual(
      ['region-bor', home.stringId].sort(),
    );

    const proposed = service.ctx.writes.placesWith({
      region: proposedRegion({ ...BOHOL_REGION, members: [area] }),
    });
    expect(proposed.regionOfArea(area)?.stringId).toBe('region-bor');
    expect(proposed.region(province.regionCode)?.stringId).toBe(home.stringId);
    expect(proposed.province(province.id)?.regionCode).toBe('region-bor');
    expect(proposed.lostAreas(home.psgc!)).toEqual([area]);

    // Nothing of it reached the service: the same snapshot, the same generation, the same answers.
    expect(service.ctx.places()).toBe(before);
    expect(service.ctx.generation).toBe(generation);
    expect(before.regionOfArea(area)).toBe(home);
    expect(before.region('region-bor')).toBeUndefined();
    expect(await answers(service, province.id)).toEqual(shown);
  });
});

describe('a committed write gives a new generation whose answers show it', () => {
  test('a create, a rename and an undo each replace the snapshot; the snapshots before them stay as they were', async () => {
    const { service, before: first, generation, province, area, home, body } = await start();

    // A preview first, of another region: it leaves nothing behind for the write after it to store.
    expect((await call(service, 'POST', '/v1/regions?dry_run=true', { ...body, code: 'BPX' })).status).toBe(200);
    expect((await call(service, 'POST', '/v1/regions', body)).status).toBe(201);
    expect(service.ctx.generation).toBe(generation + 1);
    const made = service.ctx.places();
    expect(made).not.toBe(first);
    expect(made.regionOfArea(area)?.stringId).toBe('region-bor');
    expect(first.regionOfArea(area)).toBe(home);
    const shown = await answers(service, province.id);
    expect(shown.regions.data.map((r: { string_id: string }) => r.string_id)).toContain('region-bor');
    expect(shown.regions.data.map((r: { string_id: string }) => r.string_id)).not.toContain('region-bpx');
    expect(shown.province.region_id).toBe('region-bor');

    // A province made in it names it by string id, and follows it when the region is recoded.
    const made2 = await call(service, 'POST', '/v1/provinces', {
      name: 'Panglao',
      code: 'PNG',
      region_id: 'region-bor',
    });
    expect(made2.status).toBe(201);
    expect((await call(service, 'PATCH', '/v1/regions/region-bor', { code: 'BOX' })).status).toBe(200);
    expect(service.ctx.generation).toBe(generation + 3);
    expect((await call(service, 'GET', `/v1/provinces/${made2.body.id}`)).body.region_id).toBe('region-box');
    expect((await answers(service, province.id)).province.region_id).toBe('region-box');
    expect(made.region('region-box')).toBeUndefined();

    // Undone (its province first), the map is the code list's again.
    expect((await call(service, 'DELETE', `/v1/provinces/${made2.body.id}`)).status).toBe(200);
    expect((await call(service, 'DELETE', '/v1/regions/region-box')).status).toBe(200);
    expect(service.ctx.generation).toBe(generation + 5);
    expect(service.ctx.places().regionOfArea(area)?.stringId).toBe(home.stringId);
    expect((await answers(service, province.id)).province.region_id).toBe(home.stringId);
  });

  test('a write refused leaves the snapshot and its generation as they were', async () => {
    const { service, body } = await start();
    expect((await call(service, 'POST', '/v1/regions', body)).status).toBe(201);
    const before = service.ctx.places();
    const generation = service.ctx.generation;
    const again = await call(service, 'POST', '/v1/regions', { ...body, name: 'Another', code: 'ANO' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('member_moved');
    expect(service.ctx.generation).toBe(generation);
    expect(service.ctx.places()).toBe(before);
  });
});

const dir = import.meta.dirname;

/** Every non-test source file of src/service, by its path inside it. */
function sources(): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    out.set(path.relative(dir, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8'));
  }
  return out;
}

/** The files of src/service whose text matches a pattern. */
const matching = (pattern: RegExp) =>
  [...sources()]
    .filter(([, text]) => pattern.test(text))
    .map(([file]) => file)
    .sort();

test('the dataset is read by the snapshot builder alone, never through the context', () => {
  expect(matching(/\bctx\.data\b/)).toEqual([]);
});

test("the records as they stand are read by the snapshot's builder, and altered by the writes alone", () => {
  // The context and placesOf build the snapshot from them; writes.ts holds them and makes the records each change
  // leaves. The store's own files (the stored set and its checks) are not the service's records.
  expect(matching(/[\w)\]]\.records\b/)).toEqual(['context.ts']);
  const store = new Set(['store.ts', 'records.ts', 'record-checks.ts']);
  const readers = matching(/\brecords\.(regions|provinces)\b/).filter((f) => !store.has(f));
  expect(readers).toEqual(['context.ts', 'places.ts', 'writes.ts']);
});

test('writes take their own object: no endpoint and no change is handed the context', () => {
  const handed = matching(/\bServiceContext\b|\bctx\b/).filter(
    (f) => (f.startsWith('endpoints/') && f !== 'endpoints/table.ts') || f.startsWith('reorganize/'),
  );
  expect(handed).toEqual([]);
});

test('endpoints and the answers they shape never hold the dataset', () => {
  const readers = matching(/\bDataset\b/).filter((f) => f.startsWith('endpoints/') || f.startsWith('answers/'));
  expect(readers).toEqual([]);
});

test('no context is forged: a preview builds a snapshot with the records it proposes', () => {
  expect(matching(/Object\.create\(/)).toEqual([]);
});

test('the rule reads the sources it names', () => {
  const files = sources();
  expect(files.get('places.ts')).toMatch(/export function placesOf/);
  expect(files.has('reorganize/drawing.ts')).toBe(true);
  expect([...files.keys()].some((f) => f.endsWith('.test.ts'))).toBe(false);
});
