/**
 * What every records store promises the service (src/service/store.ts), asserted on each: the memory store the
 * tests and the browser's localStorage use, PGlite (the server's default) and a real PostgreSQL server. Ids are
 * given by the store; codes, and province names within a region, are unique in it; a record is kept across a
 * restart; and on a database, a second server hears of the first one's creates.
 */
import { afterEach, describe, expect, test } from 'vitest';
import {
  DuplicateRecord,
  MemberTaken,
  memoryStore,
  type NewProvince,
  type NewRegion,
  type RecordStore,
} from '../../service/store.ts';
import { freshPglite, freshPostgres, migrated, postgresReachable, type TestDatabase } from '../../test/databases.ts';
import { databaseStore } from './database-store.ts';
import { migrate } from './migrations.ts';
import type { Sql } from './sql.ts';

const region = (code: string, name = `Region ${code}`): NewRegion => ({
  stringId: `region-${code.toLowerCase()}`,
  name,
  code,
  createdAt: '2026-11-23T01:02:03.456Z',
});
const province = (code: string, regionId: string, name = `Province ${code}`): NewProvince => ({
  name,
  regionId,
  code,
  createdAt: '2026-11-23T04:05:06.789Z',
});

const duplicateOf = async (adding: Promise<unknown>) => {
  const error = await adding.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DuplicateRecord);
  return error as DuplicateRecord;
};

const memberTakenOf = async (adding: Promise<unknown>) => {
  const error = await adding.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MemberTaken);
  return error as MemberTaken;
};

/** PSGC codes (before the Negros Island Region) of province-level areas, a region's members, and of towns. */
const NEGROS_OCCIDENTAL = '0604500000';
const BACOLOD = '0630200000';
const ILOILO = '0603000000';
const ANTIQUE = '0600600000';
const AMLAN = '0704601000';
const AYUNGON = '0704602000';
const BACONG = '0704603000';

interface Kind {
  name: string;
  /**
   * A store; the store a restart opens over the same records; and one more store beside it, as a second server
   * (PGlite serves one process, so there it is a second store in this one).
   */
  open(): Promise<{
    store: RecordStore;
    restart(): Promise<RecordStore>;
    second(): Promise<RecordStore>;
    sql?: Sql;
    close(): Promise<void>;
  }>;
}

const memory: Kind = {
  name: 'memory',
  async open() {
    const store = memoryStore();
    return { store, restart: async () => store, second: async () => store, close: async () => undefined };
  },
};

function onDatabase(name: string, fresh: () => Promise<TestDatabase> | TestDatabase, oneProcess: boolean): Kind {
  return {
    name,
    async open() {
      const db = await fresh();
      const sql = await migrated(db);
      return {
        store: databaseStore(sql),
        sql,
        restart: async () => databaseStore(await db.open()),
        second: async () => databaseStore(oneProcess ? sql : await db.open()),
        close: () => db.drop(),
      };
    },
  };
}

const kinds: Kind[] = [memory, onDatabase('PGlite', freshPglite, true)];
const withPostgres = await postgresReachable();
if (withPostgres) kinds.push(onDatabase('PostgreSQL', freshPostgres, false));

describe.each(kinds)('the $name store', (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });
  const open = async () => {
    const opened = await kind.open();
    close = opened.close;
    return opened;
  };

  test('gives regions ids from 100 and provinces ids from 100000, and keeps every field as given', async () => {
    const { store } = await open();
    expect(await store.load()).toEqual({ version: 1, regions: [], provinces: [] });
    const first = await store.addRegion(region('AAA'));
    const second = await store.addRegion(region('BBB'));
    expect([first.numericId, second.numericId]).toEqual([100, 101]);
    const made = await store.addProvince(province('PPP', first.stringId));
    expect(made).toEqual({ ...province('PPP', first.stringId), numericId: 100000, id: '100000' });
    expect(await store.load()).toEqual({ version: 1, regions: [first, second], provinces: [made] });
  });

  test('refuses a second region or province with a code, and a province name twice in one region', async () => {
    const { store } = await open();
    await store.addRegion(region('AAA'));
    expect(await duplicateOf(store.addRegion(region('AAA', 'Another name')))).toMatchObject({
      kind: 'region',
      field: 'code',
    });
    await store.addProvince(province('P1', 'region-aaa', 'Île Verte'));
    expect(await duplicateOf(store.addProvince(province('P1', 'region-bbb')))).toMatchObject({ field: 'code' });
    // names compare folded: case, accents and width
    expect(await duplicateOf(store.addProvince(province('P2', 'region-aaa', 'ILE VERTE')))).toMatchObject({
      kind: 'province',
      field: 'name',
    });
    // the same name in another region is another province; names in other scripts are not all one name
    await store.addProvince(province('P3', 'region-bbb', 'Île Verte'));
    await store.addProvince(province('P4', 'region-aaa', '東京'));
    await store.addProvince(province('P5', 'region-aaa', '大阪'));
    const { provinces } = await store.load();
    expect(provinces.map((p) => p.code)).toEqual(['P1', 'P3', 'P4', 'P5']);
  });

  test('keeps what it stored across a restart, and numbers on after it', async () => {
    const { store, restart } = await open();
    const kept = await store.addRegion(region('KEEP'));
    const restarted = await restart();
    expect((await restarted.load()).regions).toEqual([kept]);
    expect((await restarted.addRegion(region('NEXT'))).numericId).toBe(kept.numericId + 1);
  });

  test('of many adds of one code at once, one is stored and the rest are refused', async () => {
    const { store, second } = await open();
    const stores = [store, await second()];
    const answers = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => stores[i % 2].addRegion(region('SAME', `Same ${i}`))),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of answers.filter((a) => a.status === 'rejected')) {
      expect((a as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateRecord);
    }
    expect((await stores[1].load()).regions.map((r) => r.code)).toEqual(['SAME']);
  });

  test('keeps members in the order given, across a restart', async () => {
    const { store, restart } = await open();
    const made = await store.addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] });
    expect(made.members).toEqual([NEGROS_OCCIDENTAL, BACOLOD]);
    // not in code order: kept as given, not sorted
    const unsorted = await store.addRegion({ ...region('WV'), members: [ILOILO, ANTIQUE] });
    const cebu = await store.addProvince({ ...province('CEB', made.stringId), members: [AMLAN] });
    const towns = await store.addProvince({ ...province('SUG', made.stringId), members: [BACONG, AYUNGON] });
    const empty = await store.addRegion(region('NONE'));
    const expected = { version: 1, regions: [made, unsorted, empty], provinces: [cebu, towns] };
    const loaded = await store.load();
    expect(loaded).toEqual(expected);
    expect(loaded.regions.map((r) => r.members)).toEqual([[NEGROS_OCCIDENTAL, BACOLOD], [ILOILO, ANTIQUE], undefined]);
    expect(loaded.provinces.map((p) => p.members)).toEqual([[AMLAN], [BACONG, AYUNGON]]);
    const restarted = await (await restart()).load();
    expect(restarted).toEqual(expected);
    expect(restarted.regions[0].members).toEqual([NEGROS_OCCIDENTAL, BACOLOD]);
    expect(restarted.provinces[0].members).toEqual([AMLAN]);
  });

  test('refuses members another unit of the same kind holds, naming just those, and stores nothing of it', async () => {
    const { store } = await open();
    await store.addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] });
    await store.addProvince({ ...province('CEB', 'region-nir'), members: [AMLAN, AYUNGON] });
    const before = await store.load();

    const region2 = { ...region('WV'), members: [ILOILO, BACOLOD, NEGROS_OCCIDENTAL] };
    expect(await memberTakenOf(store.addRegion(region2))).toMatchObject({
      kind: 'region',
      codes: [BACOLOD, NEGROS_OCCIDENTAL],
    });
    const province2 = { ...province('SUG', 'region-nir'), members: [BACONG, AMLAN] };
    expect(await memberTakenOf(store.addProvince(province2))).toMatchObject({ kind: 'province', codes: [AMLAN] });
    expect(await store.load()).toEqual(before);

    // nothing of the refused ones was kept: their codes and free members are free still
    const wv = await store.addRegion({ ...region('WV'), members: [ILOILO] });
    const sug = await store.addProvince({ ...province('SUG', 'region-nir'), members: [BACONG] });
    // a region and a province are different kinds: the same code in one of each is no clash
    const both = await store.addProvince({ ...province('BOTH', 'region-wv'), members: [NEGROS_OCCIDENTAL] });
    const other = await store.addRegion({ ...region('OTHER'), members: [AYUNGON] });
    expect(await store.load()).toEqual({
      version: 1,
      regions: [...before.regions, wv, other],
      provinces: [...before.provinces, sug, both],
    });
  });

  test('of two adds of one member at once, one is stored and the other is refused', async () => {
    const { store, second } = await open();
    const stores = [store, await second()];
    const regions = await Promise.allSettled([
      stores[0].addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] }),
      stores[1].addRegion({ ...region('WV'), members: [ILOILO, BACOLOD] }),
    ]);
    const provinces = await Promise.allSettled([
      stores[1].addProvince({ ...province('CEB', 'region-nir'), members: [AMLAN] }),
      stores[0].addProvince({ ...province('SUG', 'region-nir'), members: [AMLAN, BACONG] }),
    ]);
    for (const [answers, kind] of [
      [regions, 'region'],
      [provinces, 'province'],
    ] as const) {
      const kept = answers.filter((a) => a.status === 'fulfilled');
      const refused = answers.filter((a) => a.status === 'rejected');
      expect(kept).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0].reason).toBeInstanceOf(MemberTaken);
      expect(refused[0].reason).toMatchObject({ kind, codes: [kind === 'region' ? BACOLOD : AMLAN] });
    }
    const loaded = await stores[1].load();
    expect(loaded.regions).toEqual(regions.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : [])));
    expect(loaded.provinces).toEqual(provinces.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : [])));
  });

  test('removes a region or a province with its members, and answers false for an unknown id', async () => {
    const { store, restart } = await open();
    const nir = await store.addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] });
    const kept = await store.addRegion({ ...region('KEEP'), members: [ILOILO] });
    const cebu = await store.addProvince({ ...province('CEB', nir.stringId), members: [AMLAN] });
    const sug = await store.addProvince({ ...province('SUG', nir.stringId), members: [AYUNGON] });
    expect(await store.removeRegion(nir.numericId)).toBe(true);
    expect(await store.removeProvince(cebu.numericId)).toBe(true);
    expect(await store.load()).toEqual({ version: 1, regions: [kept], provinces: [sug] });
    expect(await store.removeRegion(nir.numericId)).toBe(false);
    expect(await store.removeProvince(cebu.numericId)).toBe(false);
    expect(await store.removeRegion(99_999)).toBe(false);
    expect(await store.removeProvince(nir.numericId)).toBe(false);
    // their members are free again: a new region and province may take them
    const again = await store.addRegion({ ...region('NIR2'), members: [BACOLOD, NEGROS_OCCIDENTAL] });
    const cebu2 = await store.addProvince({ ...province('CEB2', again.stringId), members: [AMLAN] });
    const restarted = await restart();
    expect(await restarted.load()).toEqual({ version: 1, regions: [kept, again], provinces: [sug, cebu2] });
  });

  test('renames and recodes a region, moving its provinces to its new string id', async () => {
    const { store } = await open();
    const nir = await store.addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] });
    const wv = await store.addRegion(region('WV'));
    const inNir = await store.addProvince(province('CEB', nir.stringId));
    const inWv = await store.addProvince(province('ILO', wv.stringId));

    const change = { name: 'Negros Island Region', code: 'NEG', stringId: 'region-neg' };
    const changed = await store.updateRegion(nir.numericId, change);
    expect(changed).toEqual({ ...nir, ...change });
    expect(await store.load()).toEqual({
      version: 1,
      regions: [changed, wv],
      provinces: [{ ...inNir, regionId: 'region-neg' }, inWv],
    });

    // another region's code: refused, and nothing changes (not the name, not the provinces)
    const before = await store.load();
    const clash = { name: 'Clash', code: 'WV', stringId: 'region-wv' };
    expect(await duplicateOf(store.updateRegion(nir.numericId, clash))).toMatchObject({
      kind: 'region',
      field: 'code',
    });
    expect(await store.load()).toEqual(before);
    // its own code is no clash
    const renamed = await store.updateRegion(nir.numericId, { ...change, name: 'Renamed' });
    expect(renamed).toEqual({ ...nir, ...change, name: 'Renamed' });
    expect(await store.updateRegion(99_999, change)).toBeNull();
  });

  test('renames and recodes a province, keeping names unique within its region', async () => {
    const { store } = await open();
    const nir = await store.addRegion(region('NIR'));
    const cebu = await store.addProvince({ ...province('CEB', nir.stringId, 'Cebu'), members: [AMLAN] });
    const bohol = await store.addProvince(province('BOH', nir.stringId, 'Bohol'));
    const elsewhere = await store.addProvince(province('SIQ', 'region-vii', 'Siquijor'));

    const changed = await store.updateProvince(cebu.numericId, { name: 'Sugbo', code: 'SUG' });
    expect(changed).toEqual({ ...cebu, name: 'Sugbo', code: 'SUG' });
    expect((await store.load()).provinces).toEqual([changed, bohol, elsewhere]);

    // another province's name in the same region (compared folded), or another province's code: refused, unchanged
    const before = await store.load();
    expect(await duplicateOf(store.updateProvince(cebu.numericId, { name: 'BOHOL', code: 'NEW' }))).toMatchObject({
      kind: 'province',
      field: 'name',
    });
    expect(await duplicateOf(store.updateProvince(cebu.numericId, { name: 'Sugbo', code: 'SIQ' }))).toMatchObject({
      kind: 'province',
      field: 'code',
    });
    expect(await store.load()).toEqual(before);
    // a name a province of another region has, and its own name in other letters, are free
    expect(await store.updateProvince(cebu.numericId, { name: 'Siquijor', code: 'SUG' })).toMatchObject({
      name: 'Siquijor',
    });
    expect(await store.updateProvince(cebu.numericId, { name: 'SIQUIJOR', code: 'SUG' })).toMatchObject({
      name: 'SIQUIJOR',
      members: [AMLAN],
    });
    expect(await store.updateProvince(99_999, { name: 'Nowhere', code: 'NOW' })).toBeNull();
  });

  test('records every change with its actor and the record before and after; a refused change records nothing', async () => {
    const { store, restart } = await open();
    const ana = { id: 'key-ana', name: 'Ana' };
    const ben = { id: 'key-ben', name: 'Ben' };
    const made = await store.addRegion(region('AUD'), ana);
    await duplicateOf(store.addRegion(region('AUD'), ben));
    const renamed = await store.updateRegion(
      made.numericId,
      { name: 'Audited', code: 'AUD', stringId: made.stringId },
      ben,
    );
    const recoded = await store.updateRegion(
      made.numericId,
      { name: 'Audited', code: 'AUE', stringId: 'region-aue' },
      ana,
    );
    const lent = await store.addRegion({ ...region('MEM'), members: [AMLAN] }, ben);
    expect(await store.removeRegion(lent.numericId, ana)).toBe(true);
    const reopened = await restart();
    const { entries, total } = await reopened.audit({ offset: 0, limit: 10 });
    expect(total).toBe(5);
    expect(
      entries.map((e) => [e.action, e.actor.name, e.unitCode, e.before?.code ?? null, e.after?.code ?? null]),
    ).toEqual([
      ['delete', 'Ana', 'MEM', 'MEM', null],
      ['reorganize', 'Ben', 'MEM', null, 'MEM'],
      ['recode', 'Ana', 'AUE', 'AUD', 'AUE'],
      ['rename', 'Ben', 'AUD', 'AUD', 'AUD'],
      ['create', 'Ana', 'AUD', null, 'AUD'],
    ]);
    expect(entries[0].before).toEqual(lent);
    expect(entries[2].after).toEqual(recoded);
    expect(entries[3]).toMatchObject({ before: { name: made.name }, after: renamed });
    for (const e of entries) expect(e.actor).toEqual(e.actor.name === 'Ana' ? ana : ben);
    expect((await reopened.audit({ keyId: 'key-ben', offset: 0, limit: 10 })).total).toBe(2);
    const second = await reopened.audit({ unitId: made.numericId, kind: 'region', offset: 1, limit: 1 });
    expect(second.entries.map((e) => e.action)).toEqual(['rename']);
  });

  test('restores a deleted unit under its own id, and never gives a deleted id to a new unit', async () => {
    const { store } = await open();
    const first = await store.addRegion(region('AAA'));
    const gone = await store.addRegion({ ...region('GON'), members: [AMLAN] });
    await store.removeRegion(gone.numericId);
    const next = await store.addRegion(region('NXT'));
    expect(next.numericId).toBeGreaterThan(gone.numericId);
    expect(await store.restoreRegion(gone)).toEqual(gone);
    expect((await store.load()).regions).toEqual(expect.arrayContaining([first, gone, next]));
    // Its members are its own again: a second unit cannot take them.
    await expect(store.addRegion({ ...region('TWO'), members: [AMLAN] })).rejects.toBeInstanceOf(MemberTaken);
    const [restore] = (await store.audit({ action: 'restore', offset: 0, limit: 1 })).entries;
    expect(restore).toMatchObject({ action: 'restore', unitId: gone.numericId, before: null, after: gone });
  });
});

describe.each(kinds.filter((k) => k !== memory))('the $name database', (kind) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  test('a row that breaks the rules stops the load, naming it', async () => {
    const opened = await kind.open();
    close = opened.close;
    await opened.sql!.query(
      `insert into created_regions (string_id, name, code, created_at) values ('region-bad', $1, 'BAD', now())`,
      ['Bad\u0007name'],
    );
    await expect(opened.store.load()).rejects.toThrow(/regions\[0\]\.name/);
  });

  test('migrating again applies nothing', async () => {
    const opened = await kind.open();
    close = opened.close;
    expect(await migrate(opened.sql!)).toEqual([]);
  });
});

describe.skipIf(!withPostgres)('two servers on one PostgreSQL database', () => {
  test('each hears of the other one’s creates, and not of its own', async () => {
    const db = await freshPostgres();
    try {
      // both start at once: the migrations run once between them
      const [a, b] = await Promise.all([migrated(db), migrated(db)]);
      const first = databaseStore(a);
      const second = databaseStore(b);
      const heardByFirst: number[] = [];
      const heardBySecond: number[] = [];
      const stopFirst = await first.watch!(() => heardByFirst.push(Date.now()));
      const stopSecond = await second.watch!(() => heardBySecond.push(Date.now()));
      await first.addRegion(region('HEARD'));
      await expect.poll(() => heardBySecond.length).toBe(1);
      expect(heardByFirst).toEqual([]);
      expect((await second.load()).regions.map((r) => r.code)).toEqual(['HEARD']);
      await stopFirst();
      await stopSecond();
    } finally {
      await db.drop();
    }
  });

  test('two adds sharing members in opposite orders: one is stored, the other refused, never a deadlock', async () => {
    const db = await freshPostgres();
    try {
      const [a, b, blocker] = [await migrated(db), await db.open(), await db.open()];
      // A third transaction holds ILOILO, which both adds list between the two members they share: each has
      // inserted its first member when it waits, so taking members in the order given would deadlock.
      let release!: () => void;
      const holding = blocker
        .transaction(async (tx) => {
          const [row] = await tx.query<{ numeric_id: string }>(
            `insert into created_regions (string_id, name, code, created_at)
             values ('region-hold', 'Hold', 'HOLD', now()) returning numeric_id`,
          );
          await tx.query('insert into created_region_members (member, region_id, position) values ($1, $2, 0)', [
            ILOILO,
            row.numeric_id,
          ]);
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await expect.poll(() => release).toBeDefined();
      const members = [
        [NEGROS_OCCIDENTAL, ILOILO, BACOLOD],
        [BACOLOD, ILOILO, NEGROS_OCCIDENTAL],
      ];
      const adds = Promise.allSettled([
        databaseStore(a).addRegion({ ...region('NIR'), members: members[0] }),
        databaseStore(b).addRegion({ ...region('WV'), members: members[1] }),
      ]);
      const waiting = async () =>
        (
          await blocker.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'`,
          )
        )[0].n;
      await expect.poll(waiting).toBe(2);
      release();
      await holding;
      const answers = await adds;
      const refused = answers.filter((x) => x.status === 'rejected');
      expect(answers.filter((x) => x.status === 'fulfilled')).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0].reason).toBeInstanceOf(MemberTaken);
      // all three are the other one's now, named in the order the refused add gave them
      const loser = answers.findIndex((x) => x.status === 'rejected');
      expect(refused[0].reason).toMatchObject({ kind: 'region', codes: members[loser] });
      const [kept] = (await databaseStore(a).load()).regions;
      expect(kept.members).toEqual(members[1 - loser]);
    } finally {
      await db.drop();
    }
  });
});
