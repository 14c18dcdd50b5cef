/**
 * The created records and their audit trail as every store keeps them: the records' shapes, a store's refusals,
 * and the entries that say who changed what. No store is here (src/service/store.ts).
 */
import { uniqueNameKey } from './params.ts';
/** Regions and provinces created through the API. */
export interface CreatedRegion {
  numericId: number;
  stringId: string;
  name: string;
  code: string;
  createdAt: string;
  /**
   * The province-level areas moved into it (10-digit PSGC codes of provinces, NCR districts and independent
   * cities), in the order given; empty for a region made from nothing. Absent in records from before.
   */
  members?: string[];
}

export interface CreatedProvince {
  numericId: number;
  /** Always the numeric id as text (src/service/record-checks.ts). */
  id: string;
  name: string;
  /** The owning region's string id. */
  regionId: string;
  code: string;
  createdAt: string;
  /** The cities and municipalities moved into it (10-digit PSGC codes), in the order given; see CreatedRegion. */
  members?: string[];
}

export interface CreatedRecords {
  version: 1;
  regions: CreatedRegion[];
  provinces: CreatedProvince[];
}

/** What a create hands the store: everything but the ids, which the store gives. */
export type NewRegion = Omit<CreatedRegion, 'numericId'>;
export type NewProvince = Omit<CreatedProvince, 'numericId' | 'id'>;

export const emptyRecords = (): CreatedRecords => ({ version: 1, regions: [], provinces: [] });

/**
 * A record the store already holds under this key. The service checks first and answers 409 itself; this is
 * what still stops a second server on the same database that had not yet heard of the first one's create.
 */
export class DuplicateRecord extends Error {
  constructor(
    readonly kind: 'region' | 'province',
    /** code: the code; name: a province of that name (compared by uniqueNameKey) in that region. */
    readonly field: 'code' | 'name',
  ) {
    super(`a ${kind} with this ${field} is already stored`);
  }
}

/**
 * Members already moved into another created unit: a place belongs to one created unit at a time, and the store
 * holds that (a primary key on the member in a database), so two admins moving the same province cannot both
 * succeed, even on two servers.
 */
export class MemberTaken extends Error {
  constructor(
    readonly kind: 'region' | 'province',
    /** The members' codes already taken. */
    readonly codes: string[],
  ) {
    super(`already moved into another created ${kind}: ${codes.join(', ')}`);
  }
}

/**
 * The store cannot be reached now (its database is down, restarting or unreachable): nothing was changed, or the
 * change's fate is unknown because the connection dropped at its commit. The service answers 503 `unavailable`
 * with a Retry-After; the records it already holds keep answering reads.
 */
export class StoreUnavailable extends Error {
  constructor(
    readonly reason: string,
    /** When a client may try again, in seconds (the Retry-After header). */
    readonly retryAfterSeconds = 5,
  ) {
    super(`the records store cannot be reached: ${reason}`);
  }
}

/** What a rename or recode changes (PATCH): a region's string id follows its code, and its provinces follow it. */
export interface RegionChange {
  name: string;
  code: string;
  stringId: string;
}
export interface ProvinceChange {
  name: string;
  code: string;
}

/** Who made a change, as the audit trail names them: a key's id and name (src/service/keys.ts), never the key. */
export interface Actor {
  id: string;
  name: string;
}

/** A change made without a key to name (a store's own tests, an import). */
export const NOBODY: Actor = { id: 'unknown', name: 'unknown' };

/** What a change did: a create with members is a reorganization; a PATCH that changes the code is a recode. */
export type AuditAction = 'create' | 'reorganize' | 'rename' | 'recode' | 'delete' | 'restore';

/** One change to the created records, written in the same transaction as the change itself. */
export interface AuditEntry {
  id: number;
  /** ISO 8601 */
  at: string;
  actor: Actor;
  action: AuditAction;
  kind: 'region' | 'province';
  unitId: number;
  /** The unit's code after the change (before it, for a delete). */
  unitCode: string;
  /** The record before the change (null for a create) and after it (null for a delete). */
  before: CreatedRegion | CreatedProvince | null;
  after: CreatedRegion | CreatedProvince | null;
}

export interface AuditQuery {
  unitCode?: string;
  keyId?: string;
  kind?: 'region' | 'province';
  unitId?: number;
  action?: AuditAction;
  /** Newest first: how many to skip, and how many to give. */
  offset: number;
  limit: number;
}

/** Entries newest first, filtered as asked, with how many match in all. */
export function queryAudit(entries: readonly AuditEntry[], q: AuditQuery): { entries: AuditEntry[]; total: number } {
  const matching = entries
    .filter(
      (e) =>
        (q.unitCode === undefined || e.unitCode === q.unitCode) &&
        (q.keyId === undefined || e.actor.id === q.keyId) &&
        (q.kind === undefined || e.kind === q.kind) &&
        (q.unitId === undefined || e.unitId === q.unitId) &&
        (q.action === undefined || e.action === q.action),
    )
    .sort((a, b) => b.id - a.id);
  return { entries: matching.slice(q.offset, q.offset + q.limit), total: matching.length };
}

/** The audit action of a create, and of a rename or recode. */
export const createAction = (unit: { members?: string[] }): AuditAction =>
  unit.members?.length ? 'reorganize' : 'create';
export const updateAction = (before: { code: string }, after: { code: string }): AuditAction =>
  before.code === after.code ? 'rename' : 'recode';

/**
 * The same keys a database holds unique (src/server/db/migrations.ts), checked on the whole set; `self` is the
 * record being changed (PATCH), which does not clash with itself.
 */
export function duplicateIn(
  records: CreatedRecords,
  added: NewRegion | NewProvince,
  self?: number,
): DuplicateRecord | MemberTaken | null {
  if ('stringId' in added) {
    const others = records.regions.filter((r) => r.numericId !== self);
    const taken = others.some((r) => r.code === added.code || r.stringId === added.stringId);
    if (taken) return new DuplicateRecord('region', 'code');
    return membersTaken('region', others, added.members);
  }
  const others = records.provinces.filter((p) => p.numericId !== self);
  if (others.some((p) => p.code === added.code)) return new DuplicateRecord('province', 'code');
  const key = uniqueNameKey(added.name);
  const named = others.some((p) => p.regionId === added.regionId && uniqueNameKey(p.name) === key);
  if (named) return new DuplicateRecord('province', 'name');
  return membersTaken('province', others, added.members);
}

function membersTaken(
  kind: 'region' | 'province',
  others: readonly { members?: string[] }[],
  members: string[] | undefined,
): MemberTaken | null {
  if (!members?.length) return null;
  const held = new Set(others.flatMap((o) => o.members ?? []));
  const taken = members.filter((m) => held.has(m));
  return taken.length ? new MemberTaken(kind, taken) : null;
}
