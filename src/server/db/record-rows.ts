/**
 * Created records as rows of the database: read whole (for the store's load) or one unit at a time (for a change),
 * and written with their members.
 */
import { uniqueNameKey } from '../../service/params.ts';
import { checkRecords } from '../../service/record-checks.ts';
import type { CreatedProvince, CreatedRecords, CreatedRegion, NewProvince, NewRegion } from '../../service/store.ts';
import type { Queryable } from './sql.ts';

export interface RegionRow {
  numeric_id: number | string;
  string_id: string;
  name: string;
  code: string;
  created_at: Date | string;
}

export interface ProvinceRow {
  numeric_id: number | string;
  name: string;
  region_id: string;
  code: string;
  created_at: Date | string;
}

export const iso = (value: Date | string) => new Date(value).toISOString();

export const MEMBER_TABLE = { region: 'created_region_members', province: 'created_province_members' } as const;
const OWNER_COLUMN = { region: 'region_id', province: 'province_id' } as const;

/**
 * Inserted in code order, each keeping its place in the order given: two adds sharing members then take their
 * keys in one order, so the later one waits for the first and is refused (MemberTaken), where taking them in the
 * order given could deadlock the two (PostgreSQL aborts one with 40P01, which is no MemberTaken).
 */
async function insertMembers(db: Queryable, kind: 'region' | 'province', owner: number, members: string[] = []) {
  if (!members.length) return;
  await db.query(
    `insert into ${MEMBER_TABLE[kind]} (member, ${OWNER_COLUMN[kind]}, position)
     select member, $1, position - 1 from unnest($2::text[]) with ordinality as m(member, position)
     order by member`,
    [owner, members],
  );
}

async function membersOf(db: Queryable, kind: 'region' | 'province'): Promise<Map<number, string[]>> {
  const rows = await db.query<{ owner: number | string; member: string }>(
    `select ${OWNER_COLUMN[kind]} as owner, member from ${MEMBER_TABLE[kind]} order by ${OWNER_COLUMN[kind]}, position`,
  );
  const out = new Map<number, string[]>();
  for (const row of rows) {
    const owner = Number(row.owner);
    out.set(owner, [...(out.get(owner) ?? []), row.member]);
  }
  return out;
}

export async function loadRecords(db: Queryable): Promise<CreatedRecords> {
  const [regions, provinces, regionMembers, provinceMembers] = await Promise.all([
    db.query<RegionRow>(
      'select numeric_id, string_id, name, code, created_at from created_regions order by numeric_id',
    ),
    db.query<ProvinceRow>(
      'select numeric_id, name, region_id, code, created_at from created_provinces order by numeric_id',
    ),
    membersOf(db, 'region'),
    membersOf(db, 'province'),
  ]);
  // Held to the same rules as a records file: a row written by hand that breaks them stops the start.
  return checkRecords({
    version: 1,
    regions: regions.map((r) => regionOfRow(r, regionMembers.get(Number(r.numeric_id)))),
    provinces: provinces.map((p) => provinceOfRow(p, provinceMembers.get(Number(p.numeric_id)))),
  });
}

export const regionOfRow = (r: RegionRow, members: string[] | undefined): CreatedRegion => ({
  numericId: Number(r.numeric_id),
  stringId: r.string_id,
  name: r.name,
  code: r.code,
  createdAt: iso(r.created_at),
  ...(members && { members }),
});

export const provinceOfRow = (p: ProvinceRow, members: string[] | undefined): CreatedProvince => ({
  numericId: Number(p.numeric_id),
  id: String(p.numeric_id),
  name: p.name,
  regionId: p.region_id,
  code: p.code,
  createdAt: iso(p.created_at),
  ...(members && { members }),
});

/** One unit's members, in the order given. */
export async function membersOfOne(db: Queryable, kind: 'region' | 'province', owner: number) {
  const rows = await db.query<{ member: string }>(
    `select member from ${MEMBER_TABLE[kind]} where ${OWNER_COLUMN[kind]} = $1 order by position`,
    [owner],
  );
  return rows.length ? rows.map((r) => r.member) : undefined;
}

/** With `numericId`, the import keeping a file's id; without, the id the database gives. */
export async function insertRegion(db: Queryable, region: NewRegion, numericId?: number): Promise<number> {
  const columns = ['string_id', 'name', 'code', 'created_at'];
  const values: unknown[] = [region.stringId, region.name, region.code, region.createdAt];
  const id = await insert(db, 'created_regions', columns, values, numericId);
  await insertMembers(db, 'region', id, region.members);
  return id;
}

export async function insertProvince(db: Queryable, province: NewProvince, numericId?: number): Promise<number> {
  const columns = ['name', 'name_key', 'region_id', 'code', 'created_at'];
  const values = [province.name, uniqueNameKey(province.name), province.regionId, province.code, province.createdAt];
  const id = await insert(db, 'created_provinces', columns, values, numericId);
  await insertMembers(db, 'province', id, province.members);
  return id;
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

/** One stored unit, read for update: what a delete or a change records as `before`. */
export async function oneUnit(db: Queryable, kind: 'region' | 'province', numericId: number) {
  if (kind === 'region') {
    const [row] = await db.query<RegionRow>(
      'select numeric_id, string_id, name, code, created_at from created_regions where numeric_id = $1 for update',
      [numericId],
    );
    return row ? regionOfRow(row, await membersOfOne(db, 'region', numericId)) : null;
  }
  const [row] = await db.query<ProvinceRow>(
    'select numeric_id, name, region_id, code, created_at from created_provinces where numeric_id = $1 for update',
    [numericId],
  );
  return row ? provinceOfRow(row, await membersOfOne(db, 'province', numericId)) : null;
}
