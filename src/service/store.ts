import { nameKey } from './params.ts';
import { checkRecords, FIRST_PROVINCE_ID, FIRST_REGION_ID } from './record-checks.ts';

/** Regions and provinces created through the API, and where they are kept between runs. */
export interface CreatedRegion {
  numericId: number;
  stringId: string;
  name: string;
  code: string;
  createdAt: string;
  /**
   * The province-level areas moved into it (10-digit PSGC codes of provinces, NCR districts and independent
   * cities, issue 18), in the order given; empty for a region made from nothing. Absent in records from before.
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
    /** code: the code; name: a province of that name (compared by nameKey) in that region. */
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

/**
 * Where created records live. Each add is one stored record, answered only once it is kept, with the id the
 * store gave it; uniqueness (region codes, province codes, province names within a region) is the store's to
 * enforce, so that two processes sharing one store can never both add the same code.
 */
export interface RecordStore {
  load(): Promise<CreatedRecords>;
  addRegion(region: NewRegion): Promise<CreatedRegion>;
  addProvince(province: NewProvince): Promise<CreatedProvince>;
  /** Deletes a created region (its members go back where they were); false if there was none of that id. */
  removeRegion(numericId: number): Promise<boolean>;
  removeProvince(numericId: number): Promise<boolean>;
  /** Renames or recodes a created unit, keeping its uniqueness rules; null if there was none of that id. */
  updateRegion(numericId: number, change: RegionChange): Promise<CreatedRegion | null>;
  updateProvince(numericId: number, change: ProvinceChange): Promise<CreatedProvince | null>;
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
}

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
  const key = nameKey(added.name);
  const named = others.some((p) => p.regionId === added.regionId && nameKey(p.name) === key);
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

/**
 * A RecordStore over a snapshot: each add reads the set, checks the keys, numbers the record after the highest
 * id and writes the set back, one add at a time.
 */
export function snapshotStore(snapshot: Snapshot): RecordStore {
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  /** Deletes the record of that id from one list; false if there was none. */
  const remove = (list: 'regions' | 'provinces', numericId: number) =>
    serial(async () => {
      const records = await snapshot.read();
      const kept = records[list].filter((r) => r.numericId !== numericId);
      if (kept.length === records[list].length) return false;
      await snapshot.write({ ...records, [list]: kept });
      return true;
    });
  return {
    load: () => snapshot.read(),
    addRegion: (region) =>
      serial(async () => {
        const records = await snapshot.read();
        const duplicate = duplicateIn(records, region);
        if (duplicate) throw duplicate;
        const created = { ...region, numericId: nextNumericId(records.regions, FIRST_REGION_ID) };
        records.regions.push(created);
        await snapshot.write(records);
        return created;
      }),
    addProvince: (province) =>
      serial(async () => {
        const records = await snapshot.read();
        const duplicate = duplicateIn(records, province);
        if (duplicate) throw duplicate;
        const numericId = nextNumericId(records.provinces, FIRST_PROVINCE_ID);
        const created = { ...province, numericId, id: String(numericId) };
        records.provinces.push(created);
        await snapshot.write(records);
        return created;
      }),
    removeRegion: (numericId) => remove('regions', numericId),
    removeProvince: (numericId) => remove('provinces', numericId),
    updateRegion: (numericId, change) =>
      serial(async () => {
        const records = await snapshot.read();
        const region = records.regions.find((r) => r.numericId === numericId);
        if (!region) return null;
        const duplicate = duplicateIn(records, { ...region, ...change, members: [] }, numericId);
        if (duplicate) throw duplicate;
        // The region's provinces name it by string id, which follows the code: moved with it, in the same write.
        for (const p of records.provinces) if (p.regionId === region.stringId) p.regionId = change.stringId;
        Object.assign(region, change);
        await snapshot.write(records);
        return region;
      }),
    updateProvince: (numericId, change) =>
      serial(async () => {
        const records = await snapshot.read();
        const province = records.provinces.find((p) => p.numericId === numericId);
        if (!province) return null;
        const duplicate = duplicateIn(records, { ...province, ...change, members: [] }, numericId);
        if (duplicate) throw duplicate;
        Object.assign(province, change);
        await snapshot.write(records);
        return province;
      }),
  };
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
