import type { Dataset } from './dataset.ts';
import type { OutlineDrawer } from './outline-jobs.ts';
import { type Places, placesOf } from './places.ts';
import { Reorganized } from './reorganized.ts';
import type { CreatedProvince, CreatedRecords, CreatedRegion, NewProvince, NewRegion, RecordStore } from './store.ts';

export type RegionShape = 'numeric' | 'string';
/**
 * How the answers are shaped: `standard`, as the interface document reads (with our extensions), or `live`, as
 * the live service's documentation shows its answers (issue 19; docs/api-decisions.md, "The live service").
 */
export type ApiFlavour = 'standard' | 'live';

/** What every endpoint works with: the dataset, the created records and how regions are shaped. */
export class ServiceContext {
  private queue: Promise<unknown> = Promise.resolve();
  /** Counts the changes to the created records, so adapters can tell an answer made before one (caches). */
  generation = 0;
  private reading?: Promise<void>;
  private placesNow?: { generation: number; data: Dataset; places: Places };
  /** The outlines as the records reorganized them, kept by what they are made of. */
  readonly outlines: Reorganized;

  constructor(
    /** The dataset; where the service started from the regions alone, replaced by the whole one once read. */
    public data: Dataset,
    readonly records: CreatedRecords,
    readonly store: RecordStore,
    readonly regionShape: RegionShape,
    readonly flavour: ApiFlavour = 'standard',
    /** Who draws the outlines that need clipping; by default this thread (the HTTP server: worker threads). */
    drawer?: OutlineDrawer,
  ) {
    this.outlines = new Reorganized(() => this.data, drawer);
  }

  /** The places as the created records have reorganized them, worked out once per change (src/service/places.ts). */
  places(): Places {
    const now = this.placesNow;
    if (now && now.generation === this.generation && now.data === this.data) return now.places;
    const places = placesOf(this.data, this.records);
    this.placesNow = { generation: this.generation, data: this.data, places };
    return places;
  }

  /** The rest of the code list read (at once where the service started with it); a failed read is tried again. */
  readRest(): Promise<void> {
    let reading = this.reading;
    if (!reading) {
      reading = this.data.withRest().then((full) => {
        this.data = full;
      });
      reading.catch(() => {
        this.reading = undefined;
      });
      this.reading = reading;
    }
    return reading;
  }

  /**
   * Runs creations one at a time. `check` sees every record shown so far, so a second identical request gets
   * a 409; the store then keeps the record and gives its id; readers see it only once it is stored, so none
   * sees a record whose save then fails.
   */
  addRegion(check: () => void, region: NewRegion): Promise<CreatedRegion> {
    return this.add(
      check,
      () => this.store.addRegion(region),
      (created) => this.records.regions.push(created),
    );
  }

  addProvince(check: () => void, province: NewProvince): Promise<CreatedProvince> {
    return this.add(
      check,
      () => this.store.addProvince(province),
      (created) => this.records.provinces.push(created),
    );
  }

  private add<T>(check: () => void, store: () => Promise<T>, show: (created: T) => void): Promise<T> {
    return this.change(check, store, show);
  }

  /**
   * Any change to the records, one at a time: checked against what is shown, then stored, then shown. `check`
   * may be async (a reorganization draws its outlines before it is stored, so a failure stores nothing).
   */
  change<T>(check: () => void | Promise<void>, store: () => Promise<T>, show: (stored: T) => void): Promise<T> {
    return this.serial(async () => {
      await check();
      const stored = await store();
      show(stored);
      this.generation++;
      return stored;
    });
  }

  /**
   * Reads the store anew after another process changed it (replicas on one database), and counts a change,
   * so that no answer made before is served from a cache again.
   */
  reload(): Promise<void> {
    return this.serial(async () => {
      const fresh = await this.store.load();
      this.records.regions = fresh.regions;
      this.records.provinces = fresh.provinces;
      this.generation++;
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}
