import { nameKey } from './params.ts';
import { checkRecords, FIRST_PROVINCE_ID, FIRST_REGION_ID } from './record-checks.ts';

/** Regions and provinces created through the API, and where they are kept between runs. */
export interface CreatedRegion {
  numericId: number;
  stringId: string;
  name: string;
  code: string;
  createdAt: string;
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
 * Where created records live. Each add is one stored record, answered only once it is kept, with the id the
 * store gave it; uniqueness (region codes, province codes, province names within a region) is the store's to
 * enforce, so that two processes sharing one store can never both add the same code.
 */
export interface RecordStore {
  load(): Promise<CreatedRecords>;
  addRegion(region: NewRegion): Promise<CreatedRegion>;
  addProvince(province: NewProvince): Promise<CreatedProvince>;
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

/** The same keys a database holds unique (src/server/db/migrations.ts), checked on the whole set. */
export function duplicateIn(records: CreatedRecords, added: NewRegion | NewProvince): DuplicateRecord | null {
  if ('stringId' in added) {
    const taken = records.regions.some((r) => r.code === added.code || r.stringId === added.stringId);
    return taken ? new DuplicateRecord('region', 'code') : null;
  }
  if (records.provinces.some((p) => p.code === added.code)) return new DuplicateRecord('province', 'code');
  const key = nameKey(added.name);
  const named = records.provinces.some((p) => p.regionId === added.regionId && nameKey(p.name) === key);
  return named ? new DuplicateRecord('province', 'name') : null;
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
