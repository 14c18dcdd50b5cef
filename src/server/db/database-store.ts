/**
 * Created records in a database (PostgreSQL, or PGlite by default). The database numbers them and holds their
 * keys unique, so two servers sharing it can never both create the same code; each create is announced with
 * NOTIFY in its own transaction, so the other servers read the records anew and drop the answers they cached.
 */
import { randomUUID } from 'node:crypto';
import { nameKey } from '../../service/params.ts';
import { checkRecords } from '../../service/record-checks.ts';
import {
  type CreatedProvince,
  type CreatedRecords,
  type CreatedRegion,
  DuplicateRecord,
  type NewProvince,
  type NewRegion,
  type RecordStore,
} from '../../service/store.ts';
import { RECORDS_CHANNEL } from './migrations.ts';
import { constraintOf, type Queryable, type Sql, sqlState, UNIQUE_VIOLATION } from './sql.ts';

interface RegionRow {
  numeric_id: number | string;
  string_id: string;
  name: string;
  code: string;
  created_at: Date | string;
}

interface ProvinceRow {
  numeric_id: number | string;
  name: string;
  region_id: string;
  code: string;
  created_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A unique violation as the key it broke; anything else as it came. */
function asDuplicate(error: unknown, kind: 'region' | 'province'): unknown {
  if (sqlState(error) !== UNIQUE_VIOLATION) return error;
  return new DuplicateRecord(kind, constraintOf(error) === 'created_provinces_name_key' ? 'name' : 'code');
}

export async function loadRecords(db: Queryable): Promise<CreatedRecords> {
  const [regions, provinces] = await Promise.all([
    db.query<RegionRow>(
      'select numeric_id, string_id, name, code, created_at from created_regions order by numeric_id',
    ),
    db.query<ProvinceRow>(
      'select numeric_id, name, region_id, code, created_at from created_provinces order by numeric_id',
    ),
  ]);
  // Held to the same rules as a records file: a row written by hand that breaks them stops the start.
  return checkRecords({
    version: 1,
    regions: regions.map(
      (r): CreatedRegion => ({
        numericId: Number(r.numeric_id),
        stringId: r.string_id,
        name: r.name,
        code: r.code,
        createdAt: iso(r.created_at),
      }),
    ),
    provinces: provinces.map(
      (p): CreatedProvince => ({
        numericId: Number(p.numeric_id),
        id: String(p.numeric_id),
        name: p.name,
        regionId: p.region_id,
        code: p.code,
        createdAt: iso(p.created_at),
      }),
    ),
  });
}

/** With `numericId`, the import keeping a file's id; without, the id the database gives. */
export async function insertRegion(db: Queryable, region: NewRegion, numericId?: number): Promise<number> {
  const columns = ['string_id', 'name', 'code', 'created_at'];
  const values: unknown[] = [region.stringId, region.name, region.code, region.createdAt];
  return insert(db, 'created_regions', columns, values, numericId);
}

export async function insertProvince(db: Queryable, province: NewProvince, numericId?: number): Promise<number> {
  const columns = ['name', 'name_key', 'region_id', 'code', 'created_at'];
  const values = [province.name, nameKey(province.name), province.regionId, province.code, province.createdAt];
  return insert(db, 'created_provinces', columns, values, numericId);
}

async function insert(db: Queryable, table: string, columns: string[], values: unknown[], numericId?: number) {
  if (numericId !== undefined) {
    columns = ['numeric_id', ...columns];
    values = [numericId, ...values];
  }
  const [row] = await db.query<{ numeric_id: number | string }>(
    `insert into ${table} (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})
     returning numeric_id`,
    values,
  );
  return Number(row.numeric_id);
}

/** Tells every server listening that the records changed; sent on commit, never for a rolled-back change. */
export const announce = (db: Queryable, instance: string) =>
  db.query('select pg_notify($1, $2)', [RECORDS_CHANNEL, instance]);

/**
 * The store over a migrated database. `instance` names this server in its announcements, so it does not read
 * the records anew after its own creates.
 */
export function databaseStore(sql: Sql, instance = randomUUID()): RecordStore {
  return {
    load: () => loadRecords(sql),
    addRegion: (region) =>
      sql
        .transaction(async (tx) => {
          const numericId = await insertRegion(tx, region);
          await announce(tx, instance);
          return { ...region, numericId };
        })
        .catch((error) => {
          throw asDuplicate(error, 'region');
        }),
    addProvince: (province) =>
      sql
        .transaction(async (tx) => {
          const numericId = await insertProvince(tx, province);
          await announce(tx, instance);
          return { ...province, numericId, id: String(numericId) };
        })
        .catch((error) => {
          throw asDuplicate(error, 'province');
        }),
    watch: (changed) =>
      sql.listen(
        RECORDS_CHANNEL,
        (payload) => {
          if (payload !== instance) changed();
        },
        changed,
      ),
  };
}
