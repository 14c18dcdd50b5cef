import { checkRecords } from './record-checks.ts';

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

export const emptyRecords = (): CreatedRecords => ({ version: 1, regions: [], provinces: [] });

/** Persistence: the service saves the whole set after each creation, before it answers. */
export interface RecordStore {
  load(): Promise<CreatedRecords>;
  save(records: CreatedRecords): Promise<void>;
}

export function memoryStore(initial: CreatedRecords = emptyRecords()): RecordStore {
  let saved = structuredClone(initial);
  return {
    load: async () => structuredClone(saved),
    save: async (records) => {
      saved = structuredClone(records);
    },
  };
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
