/**
 * The audit trail: GET /v1/audit reads it, and POST /v1/{regions,provinces}/{id}/restore puts a deleted
 * created unit back as its last entry left it. Every change writes its entry in the store, in the change's own
 * transaction (src/service/store.ts, src/server/db/database-store.ts); nothing here writes one but through it.
 * The restore's checks and change are src/service/reorganize/'s, as a create's.
 */
import { badParam, notFound } from '../errors.ts';
import { pageMeta } from '../paginate.ts';
import { intParam, textParam } from '../params.ts';
import { restoreProvince as putProvinceBack } from '../reorganize/province-records.ts';
import { restoreRegion as putRegionBack } from '../reorganize/region-records.ts';
import type { Actor, AuditAction, AuditEntry, CreatedProvince, CreatedRegion, RecordStore } from '../store.ts';
import type { Writes } from '../writes.ts';

const ACTIONS: readonly AuditAction[] = ['create', 'reorganize', 'rename', 'recode', 'delete', 'restore'];
const KINDS = ['region', 'province'] as const;

/** A created unit as the audit trail shows it: the fields of its record, in the API's snake case. */
export function unitOnWire(unit: CreatedRegion | CreatedProvince | null) {
  if (!unit) return null;
  const common = { numeric_id: unit.numericId, name: unit.name, code: unit.code, created_at: unit.createdAt };
  return 'stringId' in unit
    ? { ...common, id: unit.stringId, members: unit.members ?? [] }
    : { ...common, id: unit.id, region_id: unit.regionId, members: unit.members ?? [] };
}

export const entryOnWire = (e: AuditEntry) => ({
  id: e.id,
  at: e.at,
  key: { id: e.actor.id, name: e.actor.name },
  action: e.action,
  kind: e.kind,
  unit: { id: e.unitId, code: e.unitCode },
  before: unitOnWire(e.before),
  after: unitOnWire(e.after),
});

/**
 * Text the store compares with what it holds: PostgreSQL's text cannot hold a NUL byte (it refuses the query),
 * and nothing stored has one, so a NUL is a 400 naming the parameter rather than a failed query.
 */
function storedText(value: string | null, param: string): string | undefined {
  if (value === null || value === '') return undefined;
  if (value.includes('\0')) throw badParam(param, `${param} must not hold a NUL character`);
  return value;
}

/** One of a fixed list from the query, or a 400 naming it. */
function oneOf<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const value = query.get(name);
  if (value === null || value === '') return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw badParam(name, `${name} must be one of ${allowed.join(', ')}`, { value: value.slice(0, 100) });
  }
  return value as T;
}

/**
 * GET /v1/audit: newest first, paginated like the other lists (page, limit up to 100, default 20), filtered by
 * `unit` (a unit's code, as the entry names it), `key` (a key's id), `kind`, `unit_id` and `action`.
 */
export async function listAudit(store: RecordStore, url: URL) {
  const query = url.searchParams;
  const page = intParam(query, 'page', 1);
  const limit = intParam(query, 'limit', 20, 100);
  const unitId = query.get('unit_id') ? intParam(query, 'unit_id', 0) : undefined;
  const { entries, total } = await store.audit({
    unitCode: storedText(textParam(query, 'unit'), 'unit')?.toUpperCase(),
    keyId: storedText(textParam(query, 'key'), 'key'),
    kind: oneOf(query, 'kind', KINDS),
    unitId,
    action: oneOf(query, 'action', ACTIONS),
    offset: (page - 1) * limit,
    limit,
  });
  return { data: entries.map(entryOnWire), meta: pageMeta(url, page, limit, total), error: null };
}

/** The newest delete of a created unit named by its numeric id, string id or code: what a restore puts back. */
async function lastDeleted(store: RecordStore, kind: 'region' | 'province', id: string) {
  storedText(id, 'id');
  const byId = /^\d{1,15}$/.test(id) ? Number(id) : undefined;
  const { entries } = await store.audit({
    kind,
    action: 'delete',
    ...(byId !== undefined ? { unitId: byId } : { unitCode: id.toUpperCase() }),
    offset: 0,
    limit: 1,
  });
  const entry = entries[0];
  if (!entry?.before) throw notFound(`deleted ${kind}`, id);
  return entry.before;
}

/** POST /v1/regions/{id}/restore */
export async function restoreRegion(writes: Writes, id: string, actor: Actor) {
  const region = (await lastDeleted(writes.store, 'region', id)) as CreatedRegion;
  return { data: unitOnWire(await putRegionBack(writes, region, actor)), error: null };
}

/** POST /v1/provinces/{id}/restore: into its region, which must still be there. */
export async function restoreProvince(writes: Writes, id: string, actor: Actor) {
  const province = (await lastDeleted(writes.store, 'province', id)) as CreatedProvince;
  return { data: unitOnWire(await putProvinceBack(writes, province, actor)), error: null };
}
