import { checkRecords, FIRST_PROVINCE_ID, FIRST_REGION_ID } from './record-checks.ts';
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
  duplicateIn,
  emptyRecords,
  type NewProvince,
  type NewRegion,
  NOBODY,
  type ProvinceChange,
  queryAudit,
  type RegionChange,
  updateAction,
} from './records.ts';

export type {
  Actor,
  AuditAction,
  AuditEntry,
  AuditQuery,
  CreatedProvince,
  CreatedRecords,
  CreatedRegion,
  NewProvince,
  NewRegion,
  ProvinceChange,
  RegionChange,
} from './records.ts';
export {
  createAction,
  DuplicateRecord,
  duplicateIn,
  emptyRecords,
  MemberTaken,
  NOBODY,
  queryAudit,
  StoreUnavailable,
  updateAction,
} from './records.ts';

/** Where created records are kept between runs. */
/**
 * Where created records live. Each add is one stored record, answered only once it is kept, with the id the
 * store gave it; uniqueness (region codes, province codes, province names within a region) is the store's to
 * enforce, so that two processes sharing one store can never both add the same code.
 */
export interface RecordStore {
  load(): Promise<CreatedRecords>;
  /** Each change below writes its audit entry with it, naming `actor` (NOBODY when not given). */
  addRegion(region: NewRegion, actor?: Actor): Promise<CreatedRegion>;
  addProvince(province: NewProvince, actor?: Actor): Promise<CreatedProvince>;
  /** Deletes a created region (its members go back where they were); false if there was none of that id. */
  removeRegion(numericId: number, actor?: Actor): Promise<boolean>;
  removeProvince(numericId: number, actor?: Actor): Promise<boolean>;
  /** Renames or recodes a created unit, keeping its uniqueness rules; null if there was none of that id. */
  updateRegion(numericId: number, change: RegionChange, actor?: Actor): Promise<CreatedRegion | null>;
  updateProvince(numericId: number, change: ProvinceChange, actor?: Actor): Promise<CreatedProvince | null>;
  /** Puts a deleted unit back as it was, under its own id, with the same uniqueness rules as an add. */
  restoreRegion(region: CreatedRegion, actor?: Actor): Promise<CreatedRegion>;
  restoreProvince(province: CreatedProvince, actor?: Actor): Promise<CreatedProvince>;
  /** The audit trail, newest first. */
  audit(query: AuditQuery): Promise<{ entries: AuditEntry[]; total: number }>;
  /**
   * For a store shared by several processes (PostgreSQL): calls `changed` whenever another process may have
   * changed what is stored, and resolves to a function that stops listening.
   */
  watch?(changed: () => void): Promise<() => Promise<void>>;
}

/** The whole set read and written at once: what a store without a database keeps (memory, localStorage). */
export interface Snapshot {
  read(): Promise<CreatedRecords>;
  write(records: CreatedRecords): Promise<void>;
  /**
   * The audit trail, kept beside the records and written before them, so no change is kept unrecorded; a snapshot
   * without these keeps it in memory.
   */
  readAudit?(): Promise<AuditEntry[]>;
  writeAudit?(entries: AuditEntry[]): Promise<void>;
}

/**
 * A RecordStore over a snapshot: each add reads the set, checks the keys, numbers the record after the highest
 * id and writes the set back, one add at a time.
 */
export function snapshotStore(given: Snapshot): RecordStore {
  let trail: AuditEntry[] = [];
  const snapshot: Required<Snapshot> = {
    readAudit: async () => structuredClone(trail),
    writeAudit: async (entries) => {
      trail = structuredClone(entries);
    },
    ...given,
  };
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  /** Writes the entry, then the records: a failed write of the records leaves an entry of a change not made,
   * never a change without its entry. */
  const commit = async (
    records: CreatedRecords,
    entry: Omit<AuditEntry, 'id' | 'at' | 'actor'>,
    actor: Actor = NOBODY,
  ) => {
    const audit = await snapshot.readAudit();
    const id = audit.reduce((max, e) => Math.max(max, e.id), 0) + 1;
    audit.push(
      structuredClone({ ...entry, id, at: new Date().toISOString(), actor: { id: actor.id, name: actor.name } }),
    );
    await snapshot.writeAudit(audit);
    await snapshot.write(records);
  };
  /** Deletes the record of that id from one list; false if there was none. */
  const remove = (list: 'regions' | 'provinces', numericId: number, actor?: Actor) =>
    serial(async () => {
      const records = await snapshot.read();
      const gone = (records[list] as (CreatedRegion | CreatedProvince)[]).find((r) => r.numericId === numericId);
      if (!gone) return false;
      const kept = records[list].filter((r) => r.numericId !== numericId);
      const kind: 'region' | 'province' = list === 'regions' ? 'region' : 'province';
      const entry = {
        action: 'delete' as const,
        kind,
        unitId: numericId,
        unitCode: gone.code,
        before: gone,
        after: null,
      };
      await commit({ ...records, [list]: kept }, entry, actor);
      return true;
    });
  const nextId = async (kind: 'region' | 'province', list: readonly { numericId: number }[], first: number) => {
    const gone = (await snapshot.readAudit()).filter((e) => e.kind === kind).map((e) => ({ numericId: e.unitId }));
    return nextNumericId([...list, ...gone], first);
  };
  const add = <T extends CreatedRegion | CreatedProvince>(
    kind: 'region' | 'province',
    made: (records: CreatedRecords) => T | Promise<T>,
    action: (unit: T) => AuditAction,
    actor?: Actor,
  ) =>
    serial(async () => {
      const records = await snapshot.read();
      const created = await made(records);
      const duplicate = duplicateIn(records, created);
      if (duplicate) throw duplicate;
      if (kind === 'region') records.regions.push(created as CreatedRegion);
      else records.provinces.push(created as CreatedProvince);
      const entry = {
        action: action(created),
        kind,
        unitId: created.numericId,
        unitCode: created.code,
        before: null,
        after: created,
      };
      await commit(records, entry, actor);
      return created;
    });
  return {
    load: () => snapshot.read(),
    // A deleted unit's id is not given again: the audit trail and a restore name it (the database's identity
    // columns never reuse one either).
    addRegion: (region, actor) =>
      add(
        'region',
        async (records) => ({ ...region, numericId: await nextId('region', records.regions, FIRST_REGION_ID) }),
        createAction,
        actor,
      ),
    addProvince: (province, actor) =>
      add(
        'province',
        async (records) => {
          const numericId = await nextId('province', records.provinces, FIRST_PROVINCE_ID);
          return { ...province, numericId, id: String(numericId) };
        },
        createAction,
        actor,
      ),
    restoreRegion: (region, actor) => restoreInto('region', region, actor),
    restoreProvince: (province, actor) => restoreInto('province', province, actor),
    removeRegion: (numericId, actor) => remove('regions', numericId, actor),
    removeProvince: (numericId, actor) => remove('provinces', numericId, actor),
    updateRegion: (numericId, change, actor) =>
      serial(async () => {
        const records = await snapshot.read();
        const region = records.regions.find((r) => r.numericId === numericId);
        if (!region) return null;
        const duplicate = duplicateIn(records, { ...region, ...change, members: [] }, numericId);
        if (duplicate) throw duplicate;
        const before = structuredClone(region);
        // The region's provinces name it by string id, which follows the code: moved with it, in the same write.
        for (const p of records.provinces) if (p.regionId === region.stringId) p.regionId = change.stringId;
        Object.assign(region, change);
        const entry = {
          action: updateAction(before, region),
          kind: 'region' as const,
          unitId: numericId,
          unitCode: region.code,
          before,
          after: region,
        };
        await commit(records, entry, actor);
        return region;
      }),
    updateProvince: (numericId, change, actor) =>
      serial(async () => {
        const records = await snapshot.read();
        const province = records.provinces.find((p) => p.numericId === numericId);
        if (!province) return null;
        const duplicate = duplicateIn(records, { ...province, ...change, members: [] }, numericId);
        if (duplicate) throw duplicate;
        const before = structuredClone(province);
        Object.assign(province, change);
        const entry = {
          action: updateAction(before, province),
          kind: 'province' as const,
          unitId: numericId,
          unitCode: province.code,
          before,
          after: province,
        };
        await commit(records, entry, actor);
        return province;
      }),
    audit: async (query) => queryAudit(await snapshot.readAudit(), query),
  };

  function restoreInto<T extends CreatedRegion | CreatedProvince>(kind: 'region' | 'province', unit: T, actor?: Actor) {
    return add(
      kind,
      (records) => {
        const list: { numericId: number }[] = kind === 'region' ? records.regions : records.provinces;
        if (list.some((r) => r.numericId === unit.numericId)) throw new DuplicateRecord(kind, 'code');
        return structuredClone(unit);
      },
      () => 'restore',
      actor,
    );
  }
}

export function memoryStore(initial: CreatedRecords = emptyRecords()): RecordStore {
  let saved = structuredClone(initial);
  return snapshotStore({
    read: async () => structuredClone(saved),
    write: async (records) => {
      saved = structuredClone(records);
    },
  });
}

/**
 * Checks a stored set before trusting it: a damaged one is reported, never silently dropped. The error names
 * the first bad entry and why (src/service/record-checks.ts).
 */
export const parseRecords: (value: unknown) => CreatedRecords = checkRecords;

/**
 * The id after the highest one in use, `first` if none is. A loop, not Math.max(...ids): spreading an array
 * passes each element as an argument, and past about 125,000 records that overflows the stack (RangeError).
 */
export function nextNumericId(records: readonly { numericId: number }[], first: number): number {
  let max = first - 1;
  for (const record of records) if (record.numericId > max) max = record.numericId;
  return max + 1;
}
