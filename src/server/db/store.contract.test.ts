/**
 * What every records store promises the service (src/service/store.ts), asserted on each: the memory store the
 * tests and the browser's localStorage use, PGlite (the server's default) and a real PostgreSQL server. Ids are
 * given by the store; codes, and province names within a region, are unique in it; a record is kept across a
 * restart; and on a database, a second server hears of the first one's creates.
 */
import { afterEach, describe, expect, test } from 'vitest';
import {
  DuplicateRecord,
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
});
