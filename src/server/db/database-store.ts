/**
 * Created records in a database (PostgreSQL, or PGlite by default). The database numbers them and holds their
 * keys unique, so two servers sharing it can never both create the same code; each create is announced with
 * NOTIFY in its own transaction, so the other servers read the records anew and drop the answers they cached.
 */
import { randomUUID } from 'node:crypto';
import { uniqueNameKey } from '../../service/params.ts';
import { checkRecords } from '../../service/record-checks.ts';
import {
  type Actor,
  type AuditAction,
  type AuditEntry,
  type AuditQuery,
  type CreatedProvince,
  type CreatedRecords,
  type CreatedRegion,
  createAction,
  DuplicateRecord,
  MemberTaken,
  type NewProvince,
  type NewRegion,
  NOBODY,
  type RecordStore,
  StoreUnavailable,
  updateAction,
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

const MEMBER_TABLE = { region: 'created_region_members', province: 'created_province_members' } as const;
const OWNER_COLUMN = { region: 'region_id', province: 'province_id' } as const;

/**
 * A unique violation as the key it broke; anything else as it came. A member's primary key broken means another
 * created unit holds it now: the members it holds are named (read after the rollback).
 */
async function asDuplicate(
  db: Queryable,
  error: unknown,
  kind: 'region' | 'province',
  members: string[] = [],
): Promise<unknown> {
  if (sqlState(error) !== UNIQUE_VIOLATION) return error;
  const constraint = constraintOf(error);
  if (constraint === `${MEMBER_TABLE[kind]}_pkey`) {
    const rows = await db.query<{ member: string }>(
      `select member from ${MEMBER_TABLE[kind]} where member = any($1::text[])`,
      [members],
    );
    const taken = new Set(rows.map((r) => r.member));
    return new MemberTaken(
      kind,
      members.filter((m) => taken.has(m)),
    );
  }
  return new DuplicateRecord(kind, constraint === 'created_provinces_name_key' ? 'name' : 'code');
}

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

const regionOfRow = (r: RegionRow, members: string[] | undefined): CreatedRegion => ({
  numericId: Number(r.numeric_id),
  stringId: r.string_id,
  name: r.name,
  code: r.code,
  createdAt: iso(r.created_at),
  ...(members && { members }),
});

const provinceOfRow = (p: ProvinceRow, members: string[] | undefined): CreatedProvince => ({
  numericId: Number(p.numeric_id),
  id: String(p.numeric_id),
  name: p.name,
  regionId: p.region_id,
  code: p.code,
  createdAt: iso(p.created_at),
  ...(members && { members }),
});

/** One unit's members, in the order given. */
async function membersOfOne(db: Queryable, kind: 'region' | 'province', owner: number) {
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

/** Tells every server listening that the records changed; sent on commit, never for a rolled-back change. */
export const announce = (db: Queryable, instance: string) =>
  db.query('select pg_notify($1, $2)', [RECORDS_CHANNEL, instance]);

/** Writes one audit entry, inside the transaction of the change it records. */
async function audit(
  db: Queryable,
  actor: Actor,
  action: AuditAction,
  kind: 'region' | 'province',
  unit: CreatedRegion | CreatedProvince,
  before: CreatedRegion | CreatedProvince | null,
  after: CreatedRegion | CreatedProvince | null,
) {
  await db.query(
    `insert into audit_log (key_id, key_name, action, kind, unit_id, unit_code, before, after)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [actor.id, actor.name, action, kind, unit.numericId, unit.code, json(before), json(after)],
  );
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));

/** One stored unit, read for update: what a delete or a change records as `before`. */
async function oneUnit(db: Queryable, kind: 'region' | 'province', numericId: number) {
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

async function remove(
  sql: Sql,
  instance: string,
  kind: 'region' | 'province',
  numericId: number,
  actor: Actor,
): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const before = await oneUnit(tx, kind, numericId);
    if (!before) return false;
    const table = kind === 'region' ? 'created_regions' : 'created_provinces';
    await tx.query(`delete from ${table} where numeric_id = $1`, [numericId]);
    await audit(tx, actor, 'delete', kind, before, before, null);
    await announce(tx, instance);
    return true;
  });
}

interface AuditRow {
  id: number | string;
  at: Date | string;
  key_id: string;
  key_name: string;
  action: AuditAction;
  kind: 'region' | 'province';
  unit_id: number | string;
  unit_code: string;
  before: CreatedRegion | CreatedProvince | null;
  after: CreatedRegion | CreatedProvince | null;
}

export async function readAudit(db: Queryable, q: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  const filter = (column: string, value: unknown) => {
    if (value === undefined) return;
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  filter('unit_code', q.unitCode);
  filter('key_id', q.keyId);
  filter('kind', q.kind);
  filter('unit_id', q.unitId);
  filter('action', q.action);
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const [rows, [count]] = await Promise.all([
    db.query<AuditRow>(
      `select id, at, key_id, key_name, action, kind, unit_id, unit_code, before, after from audit_log ${clause}
       order by id desc offset $${params.length + 1} limit $${params.length + 2}`,
      [...params, q.offset, q.limit],
    ),
    db.query<{ n: number | string }>(`select count(*) as n from audit_log ${clause}`, params),
  ]);
  const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return {
    total: Number(count.n),
    entries: rows.map((r) => ({
      id: Number(r.id),
      at: iso(r.at),
      actor: { id: r.key_id, name: r.key_name },
      action: r.action,
      kind: r.kind,
      unitId: Number(r.unit_id),
      unitCode: r.unit_code,
      before: parsed(r.before),
      after: parsed(r.after),
    })),
  };
}

/**
 * The store over a migrated database. `instance` names this server in its announcements, so it does not read
 * the records anew after its own creates.
 *
 * A write cut off by a lost connection (StoreUnavailable) may still have committed, unseen by this server, which
 * ignores its own announcement: after the next write that goes through, the records are read anew (through the
 * watcher), so what this server shows cannot drift from what is stored.
 */
export function databaseStore(sql: Sql, instance = randomUUID()): RecordStore {
  let watcher: (() => void) | undefined;
  let unsure = false;
  const written = <T>(write: Promise<T>): Promise<T> =>
    write.then(
      (result) => {
        if (unsure && watcher) {
          unsure = false;
          watcher();
        }
        return result;
      },
      (error: unknown) => {
        if (error instanceof StoreUnavailable) unsure = true;
        throw error;
      },
    );
  const writes: Sql = { ...sql, transaction: (work) => written(sql.transaction(work)) };
  return {
    load: () => loadRecords(sql),
    addRegion: (region, actor = NOBODY) =>
      writes
        .transaction(async (tx) => {
          const numericId = await insertRegion(tx, region);
          const created = { ...region, numericId };
          await audit(tx, actor, createAction(region), 'region', created, null, created);
          await announce(tx, instance);
          return created;
        })
        .catch(async (error) => {
          throw await asDuplicate(sql, error, 'region', region.members);
        }),
    addProvince: (province, actor = NOBODY) =>
      writes
        .transaction(async (tx) => {
          const numericId = await insertProvince(tx, province);
          const created = { ...province, numericId, id: String(numericId) };
          await audit(tx, actor, createAction(province), 'province', created, null, created);
          await announce(tx, instance);
          return created;
        })
        .catch(async (error) => {
          throw await asDuplicate(sql, error, 'province', province.members);
        }),
    // Each change is one transaction announced like a create; the members go with their unit (on delete cascade).
    removeRegion: (numericId, actor = NOBODY) => remove(writes, instance, 'region', numericId, actor),
    removeProvince: (numericId, actor = NOBODY) => remove(writes, instance, 'province', numericId, actor),
    restoreRegion: (region, actor = NOBODY) =>
      writes
        .transaction(async (tx) => {
          await insertRegion(tx, region, region.numericId);
          await audit(tx, actor, 'restore', 'region', region, null, region);
          await announce(tx, instance);
          return region;
        })
        .catch(async (error) => {
          throw await asDuplicate(sql, error, 'region', region.members);
        }),
    restoreProvince: (province, actor = NOBODY) =>
      writes
        .transaction(async (tx) => {
          await insertProvince(tx, province, province.numericId);
          await audit(tx, actor, 'restore', 'province', province, null, province);
          await announce(tx, instance);
          return province;
        })
        .catch(async (error) => {
          throw await asDuplicate(sql, error, 'province', province.members);
        }),
    audit: (query) => readAudit(sql, query),
    updateRegion: (numericId, change, actor = NOBODY) =>
      writes
        .transaction(async (tx) => {
          const old = (await oneUnit(tx, 'region', numericId)) as CreatedRegion | null;
          if (!old) return null;
          const [row] = await tx.query<RegionRow>(
            `update created_regions set name = $2, code = $3, string_id = $4 where numeric_id = $1
             returning numeric_id, string_id, name, code, created_at`,
            [numericId, change.name, change.code, change.stringId],
          );
          // Its provinces name it by string id, which follows the code.
          await tx.query('update created_provinces set region_id = $2 where region_id = $1', [
            old.stringId,
            change.stringId,
          ]);
          const updated = regionOfRow(row, await membersOfOne(tx, 'region', numericId));
          await audit(tx, actor, updateAction(old, updated), 'region', updated, old, updated);
          await announce(tx, instance);
          return updated;
        })
        .catch(async (error) => {
          throw await asDuplicate(sql, error, 'region');
        }),
    updateProvince: (numericId, change, actor = NOBODY) =>
      writes
        .transaction(async (tx) => {
          const old = await oneUnit(tx, 'province', numericId);
          if (!old) return null;
          const [row] = await tx.query<ProvinceRow>(
            `update created_provinces set name = $2, name_key = $3, code = $4 where numeric_id = $1
             returning numeric_id, name, region_id, code, created_at`,
            [numericId, change.name, uniqueNameKey(change.name), change.code],
          );
          if (!row) return null;
          const updated = provinceOfRow(row, await membersOfOne(tx, 'province', numericId));
          await audit(tx, actor, updateAction(old, updated), 'province', updated, old, updated);
          await announce(tx, instance);
          return updated;
        })
        .catch(async (error) => {
          throw await asDuplicate(sql, error, 'province');
        }),
    watch: (changed) => {
      watcher = changed;
      return sql.listen(
        RECORDS_CHANNEL,
        (payload) => {
          if (payload !== instance) changed();
        },
        changed,
      );
    },
  };
}
