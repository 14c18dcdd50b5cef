/**
 * What a change of the created records works with, and nothing more: the store that keeps the records, the queue
 * that makes the changes one at a time, the records as they stand (held here, and shown only through a snapshot),
 * and the snapshot the change's checks read (src/service/places.ts). The service context builds one and hands it
 * to the write endpoints (src/service/endpoints/table.ts); a read never gets one, and a write never gets the
 * context.
 */
import type { Places } from './places.ts';
import type { CreatedProvince, CreatedRecords, CreatedRegion, RecordStore } from './store.ts';

/** The records a change leaves, from those as they stand and what the store answered. */
export type NextRecords<T> = (records: CreatedRecords, stored: T) => CreatedRecords;

/*
 * The records a change leaves, for `change`: a unit added (or put back), replaced or dropped. Written here, beside
 * the records they replace, so that no change alters a list of records itself.
 */
export const regionAdded: NextRecords<CreatedRegion> = (records, region) => ({
  ...records,
  regions: [...records.regions, region],
});
export const provinceAdded: NextRecords<CreatedProvince> = (records, province) => ({
  ...records,
  provinces: [...records.provinces, province],
});
/** A region renamed or recoded: the provinces made in it (which name it by string id) follow its new one. */
export const regionReplaced =
  (formerId: string): NextRecords<CreatedRegion> =>
  (records, updated) => ({
    ...records,
    regions: records.regions.map((r) => (r.numericId === updated.numericId ? updated : r)),
    provinces: records.provinces.map((p) => (p.regionId === formerId ? { ...p, regionId: updated.stringId } : p)),
  });
export const provinceReplaced: NextRecords<CreatedProvince> = (records, updated) => ({
  ...records,
  provinces: records.provinces.map((p) => (p.numericId === updated.numericId ? updated : p)),
});
export const regionDropped = (numericId: number) => (records: CreatedRecords) => ({
  ...records,
  regions: records.regions.filter((r) => r.numericId !== numericId),
});
export const provinceDropped = (numericId: number) => (records: CreatedRecords) => ({
  ...records,
  provinces: records.provinces.filter((p) => p.numericId !== numericId),
});

/** A unit a snapshot is asked to hold beside the records as they stand (a preview's, a restore's). */
export interface Proposed {
  region?: CreatedRegion;
  province?: CreatedProvince;
}

export interface Writes {
  /** The store: every change goes through `change`; the audit trail is read from it. */
  readonly store: RecordStore;
  /** The snapshot every read answers from now: what a change's checks read. */
  places(): Places;
  /** A snapshot of the records as they stand with one more unit: what a preview answers from and a change draws. */
  placesWith(proposed: Proposed): Places;
  /**
   * Any change to the records, one at a time: checked against what is shown, then stored, then shown (the
   * snapshot after it holds `next`'s records). `check` may be async (a reorganization draws its outlines before
   * it is stored, so a failure stores nothing).
   */
  change<T>(check: () => void | Promise<void>, store: () => Promise<T>, next: NextRecords<T>): Promise<T>;
  /**
   * Where other processes share the store (replicas on one database), reads it anew in the queue and answers true:
   * a unit made there moments ago is then known. False, reading nothing, where none do.
   */
  catchUp(): Promise<boolean>;
}

/** How the context builds a snapshot over given records (src/service/places.ts placesOf, with its dataset). */
export interface SnapshotMaker {
  now(): Places;
  over(records: CreatedRecords): Places;
}

/** The one Writes of a service context; the context reads `records` and `generation` to build its snapshot. */
export class RecordWrites implements Writes {
  private queue: Promise<unknown> = Promise.resolve();
  private changes = 0;

  constructor(
    private held: CreatedRecords,
    readonly store: RecordStore,
    private readonly snapshot: SnapshotMaker,
  ) {}

  /** Counts the changes to the records, so a snapshot or a cached answer made before one can be told. */
  get generation(): number {
    return this.changes;
  }

  /** The records as they stand: replaced, never changed in place, by each change. */
  get records(): CreatedRecords {
    return this.held;
  }

  places(): Places {
    return this.snapshot.now();
  }

  placesWith(proposed: Proposed): Places {
    const { regions, provinces } = this.held;
    return this.snapshot.over({
      version: 1,
      regions: proposed.region ? [...regions, proposed.region] : regions,
      provinces: proposed.province ? [...provinces, proposed.province] : provinces,
    });
  }

  change<T>(check: () => void | Promise<void>, store: () => Promise<T>, next: NextRecords<T>): Promise<T> {
    return this.serial(async () => {
      await check();
      const stored = await store();
      this.held = next(this.held, stored);
      this.changes++;
      return stored;
    });
  }

  /**
   * Reads the store anew after another process changed it, and counts a change, so that no answer made before is
   * served from a cache again.
   */
  reload(): Promise<void> {
    return this.serial(async () => {
      this.held = await this.store.load();
      this.changes++;
    });
  }

  async catchUp(): Promise<boolean> {
    if (!this.store.watch) return false;
    await this.reload();
    return true;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
