/**
 * Created records in a database (PostgreSQL, or PGlite by default). The database numbers them and holds their
 * keys unique, so two servers sharing it can never both create the same code; each create is announced with
 * NOTIFY in its own transaction, so the other servers read the records anew and drop the answers they cached.
 */
import { randomUUID } from 'node:crypto';
import { uniqueNameKey } from '../../service/params.ts';
import {
  type Actor,
  type CreatedRegion,
  createAction,
  DuplicateRecord,
  MemberTaken,
  NOBODY,
  type RecordStore,
  StoreUnavailable,
  updateAction,
} from '../../service/store.ts';
import { readAudit, writeAudit } from './audit-log.ts';
import { RECORDS_CHANNEL } from './migrations.ts';
import {
  insertProvince,
  insertRegion,
  loadRecords,
  MEMBER_TABLE,
  membersOfOne,
  oneUnit,
  type ProvinceRow,
  provinceOfRow,
  type RegionRow,
  regionOfRow,
} from './record-rows.ts';
import { constraintOf, type Queryable, type Sql, sqlState, UNIQUE_VIOLATION } from './sql.ts';

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

/** Tells every server listening that the records changed; sent on commit, never for a rolled-back change. */
export const announce = (db: Queryable, instance: string) =>
  db.query('select pg_notify($1, $2)', [RECORDS_CHANNEL, instance]);

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
    await writeAudit(tx, actor, 'delete', kind, before, before, null);
    await announce(tx, instance);
    return true;
  });
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
          await writeAudit(tx, actor, createAction(region), 'region', created, null, created);
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
          await writeAudit(tx, actor, createAction(province), 'province', created, null, created);
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
          await writeAudit(tx, actor, 'restore', 'region', region, null, region);
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
          await writeAudit(tx, actor, 'restore', 'province', province, null, province);
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
          await writeAudit(tx, actor, updateAction(old, updated), 'region', updated, old, updated);
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
          await writeAudit(tx, actor, updateAction(old, updated), 'province', updated, old, updated);
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
