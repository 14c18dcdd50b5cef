/**
 * The one-time import of a records file (what `npm run api` kept before it had a database) into the database.
 * Each file is imported once, recognised by a hash of its bytes; the file itself is left where it was.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { parseRecords } from '../../service/store.ts';
import { announce } from './database-store.ts';
import { insertProvince, insertRegion } from './record-rows.ts';
import { type Queryable, type Sql, sqlState, UNIQUE_VIOLATION } from './sql.ts';

export type ImportResult =
  | { state: 'no file' }
  | { state: 'imported before'; importedAt: string }
  | { state: 'imported'; regions: number; provinces: number };

/** An arbitrary constant: two servers starting on one database import a file once between them. */
const IMPORT_LOCK = 0x6b61_7076;

/** Whether a row already holds this record under this id (a file imported before under another hash). */
const holds = async (tx: Queryable, table: string, numericId: number, code: string) =>
  (await tx.query(`select 1 from ${table} where numeric_id = $1 and code = $2`, [numericId, code])).length > 0;

export async function importRecordsFile(sql: Sql, file: string, instance: string): Promise<ImportResult> {
  let raw: string;
  try {
    raw = await fs.promises.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: 'no file' };
    throw new Error(`Cannot read the created records in ${file}: ${(error as Error).message}`);
  }
  const sha256 = createHash('sha256').update(raw).digest('hex');
  let records: ReturnType<typeof parseRecords>;
  try {
    records = parseRecords(JSON.parse(raw));
  } catch (error) {
    throw new Error(`Cannot read the created records in ${file}: ${(error as Error).message}`);
  }
  return sql.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [IMPORT_LOCK]);
    const [before] = await tx.query<{ imported_at: Date | string }>(
      'select imported_at from imported_records_files where sha256 = $1',
      [sha256],
    );
    if (before) return { state: 'imported before', importedAt: new Date(before.imported_at).toISOString() };
    const conflict = (where: string, code: string) =>
      new Error(
        `Cannot import the created records in ${file}: ${where} (code ${code}) has the id, code or name of another record already in the database`,
      );
    let regions = 0;
    let provinces = 0;
    for (const [i, region] of records.regions.entries()) {
      if (await holds(tx, 'created_regions', region.numericId, region.code)) continue;
      await insertRegion(tx, region, region.numericId).catch((error) => {
        throw sqlState(error) === UNIQUE_VIOLATION ? conflict(`regions[${i}]`, region.code) : error;
      });
      regions++;
    }
    for (const [i, province] of records.provinces.entries()) {
      if (await holds(tx, 'created_provinces', province.numericId, province.code)) continue;
      await insertProvince(tx, province, province.numericId).catch((error) => {
        throw sqlState(error) === UNIQUE_VIOLATION ? conflict(`provinces[${i}]`, province.code) : error;
      });
      provinces++;
    }
    // The next ids the database gives come after the imported ones.
    for (const table of ['created_regions', 'created_provinces']) {
      await tx.query(
        `select setval(pg_get_serial_sequence('${table}', 'numeric_id'), max(numeric_id)) from ${table} having count(*) > 0`,
      );
    }
    await tx.query('insert into imported_records_files (sha256, path, regions, provinces) values ($1, $2, $3, $4)', [
      sha256,
      file,
      regions,
      provinces,
    ]);
    await announce(tx, instance);
    return { state: 'imported', regions, provinces };
  });
}
