import type { ApiFlavour } from '../contract/types.ts';
import type { Dataset } from './dataset.ts';
import type { Geocoding } from './geocoders.ts';
import type { OutlineDrawer } from './outline-jobs.ts';
import { type Places, placesOf } from './places.ts';
import { Reorganized } from './reorganized.ts';
import type { CreatedRecords, RecordStore } from './store.ts';

export type RegionShape = 'numeric' | 'string';
/** Written in contract/ (the app's configuration picks one); given here too for the service's own importers. */
export type { ApiFlavour };

export interface ContextOptions {
  /** The dataset; where the service started from the regions alone, replaced by the whole one once read. */
  data: Dataset;
  records: CreatedRecords;
  store: RecordStore;
  regionShape?: RegionShape;
  flavour?: ApiFlavour;
  /** Who draws the outlines that need clipping; by default this thread (the HTTP server: worker threads). */
  drawer?: OutlineDrawer;
  /** The geocoders and the batch's matcher (src/service/geocoders.ts); a context that geocodes nothing has none. */
  geocoding?: Geocoding;
}

const NO_GEOCODING: Geocoding = {
  geocoder: () => Promise.reject(new Error('this service context geocodes nothing')),
  search: () => Promise.reject(new Error('this service context geocodes nothing')),
  typedAnswer: () => Promise.resolve(null),
  reverse: () => Promise.reject(new Error('this service context geocodes nothing')),
  matcher: () => Promise.reject(new Error('this service context geocodes nothing')),
};

/**
 * What every endpoint works with: the dataset, the created records and the places they make (the read model,
 * src/service/places.ts), the outlines, the geocoders, and how answers are shaped.
 */
export class ServiceContext {
  private queue: Promise<unknown> = Promise.resolve();
  /** Counts the changes to the created records, so adapters can tell an answer made before one (caches). */
  generation = 0;
  private reading?: Promise<void>;
  private placesNow?: { generation: number; data: Dataset; places: Places };
  /** The outlines as the records reorganized them, kept by what they are made of. */
  readonly outlines: Reorganized;

  data: Dataset;
  readonly records: CreatedRecords;
  readonly store: RecordStore;
  readonly regionShape: RegionShape;
  readonly flavour: ApiFlavour;
  readonly geocoding: Geocoding;

  constructor(options: ContextOptions) {
    this.data = options.data;
    this.records = options.records;
    this.store = options.store;
    this.regionShape = options.regionShape ?? 'numeric';
    this.flavour = options.flavour ?? 'standard';
    this.geocoding = options.geocoding ?? NO_GEOCODING;
    this.outlines = new Reorganized(() => this.data, options.drawer);
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
