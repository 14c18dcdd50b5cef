/**
 * The audit trail (issue 31): GET /v1/audit reads it, and POST /v1/{regions,provinces}/{id}/restore puts a deleted
 * created unit back as its last entry left it. Every change writes its entry in the store, in the change's own
 * transaction (src/service/store.ts, src/server/db/database-store.ts); nothing here writes one but through it.
 */
import type { ServiceContext } from './context.ts';
import { badParam, notFound, ServiceError } from './errors.ts';
import { pageMeta } from './paginate.ts';
import { intParam, textParam } from './params.ts';
import { refuseProvinceClash } from './provinces.ts';
import { refuseRegionClash } from './regions.ts';
import { drawProvinceChange, drawRegionChange } from './reorganize.ts';
import {
  type Actor,
  type AuditAction,
  type AuditEntry,
  type CreatedProvince,
  type CreatedRegion,
  DuplicateRecord,
  MemberTaken,
} from './store.ts';

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
export async function listAudit(ctx: ServiceContext, url: URL) {
  const query = url.searchParams;
  const page = intParam(query, 'page', 1);
  const limit = intParam(query, 'limit', 20, 100);
  const unitId = query.get('unit_id') ? intParam(query, 'unit_id', 0) : undefined;
  const { entries, total } = await ctx.store.audit({
    unitCode: textParam(query, 'unit')?.toUpperCase() ?? undefined,
    keyId: textParam(query, 'key') ?? undefined,
    kind: oneOf(query, 'kind', KINDS),
    unitId,
    action: oneOf(query, 'action', ACTIONS),
    offset: (page - 1) * limit,
    limit,
  });
  return { data: entries.map(entryOnWire), meta: pageMeta(url, page, limit, total), error: null };
}

/** The newest delete of a created unit named by its numeric id, string id or code: what a restore puts back. */
async function lastDeleted(ctx: ServiceContext, kind: 'region' | 'province', id: string) {
  const byId = /^\d{1,15}$/.test(id) ? Number(id) : undefined;
  const { entries } = await ctx.store.audit({
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

const notDeleted = (kind: string, name: string) =>
  new ServiceError(409, 'not_deleted', `The ${kind} ${name} is there: only a deleted one can be restored`);

/** The conflicts a restore can meet, as the create's own: a code or a name taken since, a member moved since. */
function restoreConflict(error: unknown, kind: 'region' | 'province', unit: CreatedRegion | CreatedProvince) {
  if (error instanceof DuplicateRecord) {
    return new ServiceError(409, 'duplicate', `A ${kind} with this ${error.field} exists now: ${unit.code}`, {
      field: error.field,
    });
  }
  if (error instanceof MemberTaken) {
    return new ServiceError(409, 'member_moved', `Some of its members moved into another ${kind} since`, {
      members: error.codes,
    });
  }
  return error;
}

/** POST /v1/regions/{id}/restore */
export async function restoreRegion(ctx: ServiceContext, id: string, actor: Actor) {
  const region = (await lastDeleted(ctx, 'region', id)) as CreatedRegion;
  const withIt = { version: 1 as const, regions: [...ctx.records.regions, region], provinces: ctx.records.provinces };
  const stored = await ctx
    .change(
      async () => {
        if (ctx.records.regions.some((r) => r.numericId === region.numericId)) throw notDeleted('region', region.name);
        refuseRegionClash(ctx, region.code, region.name);
        const held = new Set(ctx.records.regions.flatMap((r) => r.members ?? []));
        const taken = (region.members ?? []).filter((m) => held.has(m));
        if (taken.length) throw restoreConflict(new MemberTaken('region', taken), 'region', region);
        if (region.members?.length) await drawRegionChange(ctx, withIt, region.stringId, region.members);
      },
      () => ctx.store.restoreRegion(region, actor),
      (restored) => ctx.records.regions.push(restored),
    )
    .catch((error: unknown) => {
      throw restoreConflict(error, 'region', region);
    });
  return { data: unitOnWire(stored), error: null };
}

/** POST /v1/provinces/{id}/restore: into its region, which must still be there. */
export async function restoreProvince(ctx: ServiceContext, id: string, actor: Actor) {
  const province = (await lastDeleted(ctx, 'province', id)) as CreatedProvince;
  const withIt = { version: 1 as const, regions: ctx.records.regions, provinces: [...ctx.records.provinces, province] };
  const stored = await ctx
    .change(
      async () => {
        if (ctx.records.provinces.some((p) => p.numericId === province.numericId)) {
          throw notDeleted('province', province.name);
        }
        const region = ctx.places().region(province.regionId);
        if (!region) {
          throw new ServiceError(409, 'region_gone', `Its region ${province.regionId} is gone: restore it first`, {
            region_id: province.regionId,
          });
        }
        refuseProvinceClash(ctx, province.code, province.name, region);
        const held = new Set(ctx.records.provinces.flatMap((p) => p.members ?? []));
        const taken = (province.members ?? []).filter((m) => held.has(m));
        if (taken.length) throw restoreConflict(new MemberTaken('province', taken), 'province', province);
        if (province.members?.length) await drawProvinceChange(ctx, withIt, province.id, province.members);
      },
      () => ctx.store.restoreProvince(province, actor),
      (restored) => ctx.records.provinces.push(restored),
    )
    .catch((error: unknown) => {
      throw restoreConflict(error, 'province', province);
    });
  return { data: unitOnWire(stored), error: null };
}
