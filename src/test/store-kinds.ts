/**
 * The records stores the store's contract tests (src/server/db/store*.contract.test.ts) run on: the memory store,
 * PGlite and, when one is reachable, a real PostgreSQL server; the records they add; and the refusals they expect.
 */
import { afterEach, expect } from 'vitest';
import { databaseStore } from '../server/db/database-store.ts';
import type { Sql } from '../server/db/sql.ts';
import {
  DuplicateRecord,
  MemberTaken,
  memoryStore,
  type NewProvince,
  type NewRegion,
  type RecordStore,
} from '../service/store.ts';
import { freshPglite, freshPostgres, migrated, postgresReachable, type TestDatabase } from './databases.ts';

export const region = (code: string, name = `Region ${code}`): NewRegion => ({
  stringId: `region-${code.toLowerCase()}`,
  name,
  code,
  createdAt: '2026-11-23T01:02:03.456Z',
});
export const province = (code: string, regionId: string, name = `Province ${code}`): NewProvince => ({
  name,
  regionId,
  code,
  createdAt: '2026-11-23T04:05:06.789Z',
});

export const duplicateOf = async (adding: Promise<unknown>) => {
  const error = await adding.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DuplicateRecord);
  return error as DuplicateRecord;
};

export const memberTakenOf = async (adding: Promise<unknown>) => {
  const error = await adding.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MemberTaken);
  return error as MemberTaken;
};

/** PSGC codes (before the Negros Island Region) of province-level areas, a region's members, and of towns. */
export const NEGROS_OCCIDENTAL = '0604500000';
export const BACOLOD = '0630200000';
export const ILOILO = '0603000000';
export const ANTIQUE = '0600600000';
export const AMLAN = '0704601000';
export const AYUNGON = '0704602000';
export const BACONG = '0704603000';

export interface Kind {
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

export const memory: Kind = {
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

export const kinds: Kind[] = [memory, onDatabase('PGlite', freshPglite, true)];
export const withPostgres = await postgresReachable();
if (withPostgres) kinds.push(onDatabase('PostgreSQL', freshPostgres, false));

/** Opens a kind's store for one test, and closes it (dropping its database) after the test. */
export function openPerTest(kind: Kind): () => ReturnType<Kind['open']> {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });
  return async () => {
    const opened = await kind.open();
    close = opened.close;
    return opened;
  };
}
