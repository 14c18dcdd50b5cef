/**
 * The records store `npm run api` opens: PostgreSQL when DATABASE_URL is set, otherwise PGlite in a folder
 * (PGLITE_DIR, default .data/pglite). Either way it is migrated to the current schema and an existing records
 * file is imported once.
 */
import { randomUUID } from 'node:crypto';
import type { RecordStore } from '../../service/store.ts';
import { databaseStore } from './database-store.ts';
import { type ImportResult, importRecordsFile } from './import-records.ts';
import { migrate } from './migrations.ts';
import { DEFAULT_POOL_MAX, pglite, postgres, type Sql } from './sql.ts';

export interface StoreOptions {
  databaseUrl?: string;
  /** The most pooled PostgreSQL connections this process holds (LISTEN holds one more). */
  poolMax?: number;
  /** Where PGlite keeps its files when there is no DATABASE_URL; `memory://` keeps none. */
  pgliteDir: string;
  /** A records file to import once, if it exists. */
  recordsFile?: string;
}

export interface OpenedStore {
  store: RecordStore;
  sql: Sql;
  /** The migrations this start applied. */
  migrated: number[];
  imported: ImportResult;
  close(): Promise<void>;
}

export async function openStore(options: StoreOptions): Promise<OpenedStore> {
  const sql = options.databaseUrl
    ? await postgres(options.databaseUrl, { max: options.poolMax })
    : await pglite(options.pgliteDir);
  try {
    const instance = randomUUID();
    const migrated = await migrate(sql);
    const imported: ImportResult = options.recordsFile
      ? await importRecordsFile(sql, options.recordsFile, instance)
      : { state: 'no file' };
    return { store: databaseStore(sql, instance), sql, migrated, imported, close: () => sql.close() };
  } catch (error) {
    await sql.close().catch(() => undefined);
    throw error;
  }
}

/** DATABASE_POOL_MAX: a whole number from 1, or the default. */
export function poolMaxAtStart(env: NodeJS.ProcessEnv): { poolMax: number } | { error: string } {
  const text = env.DATABASE_POOL_MAX?.trim();
  if (!text) return { poolMax: DEFAULT_POOL_MAX };
  const poolMax = Number(text);
  if (!Number.isInteger(poolMax) || poolMax < 1) {
    return { error: `DATABASE_POOL_MAX must be a whole number from 1, not ${text}` };
  }
  return { poolMax };
}
