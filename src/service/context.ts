import type { ApiFlavour } from '../contract/types.ts';
import type { Dataset } from './dataset.ts';
import type { Geocoding } from './geocoders.ts';
import type { OutlineDrawer } from './outline-jobs.ts';
import { type Places, placesOf, type RegionShape, type SnapshotOptions } from './places.ts';
import { Reorganized } from './reorganized.ts';
import type { CreatedRecords, RecordStore } from './store.ts';
import { RecordWrites } from './writes.ts';

/** Written in contract/ (the app's configuration picks one); given here too for the service's own importers. */
export type { ApiFlavour, RegionShape };

export interface ContextOptions {
  /** The dataset; where the service started from the regions alone, replaced by the whole one once read. */
  data: Dataset;
  records: CreatedRecords;
  store: RecordStore;
  regionShape?: RegionShape;
  flavour?: ApiFlavour;
  /** Who draws the outlines that need clipping; by default this thread (the HTTP server: worker threads). */
  drawer?: OutlineDrawer;
  /**
   * The geocoders and the batch's matcher over the dataset the context holds now (src/service/geocoders.ts); a
   * context that geocodes nothing has none.
   */
  geocoding?: (data: () => Dataset) => Geocoding;
}

const NO_GEOCODING: Geocoding = {
  abroad: () => null,
  search: () => Promise.reject(new Error('this service context geocodes nothing')),
  typedAnswer: () => Promise.resolve(null),
  reverse: () => Promise.reject(new Error('this service context geocodes nothing')),
  matcher: () => Promise.reject(new Error('this service context geocodes nothing')),
};

/**
 * What every endpoint works with: the places the dataset and the created records make (the read model,
 * src/service/places.ts), rebuilt when a write changes the records; the writes (src/service/writes.ts: the
 * records, their store and the queue of changes); the outlines, the geocoders, and how answers are shaped.
 */
export class ServiceContext {
  private reading?: Promise<void>;
  private placesNow?: { generation: number; data: Dataset; places: Places };
  /** The outlines as the records reorganized them, kept by what they are made of. */
  readonly outlines: Reorganized;
  /** What every change of the records is given: the records as they stand, the store, the queue, the snapshot. */
  readonly writes: RecordWrites;

  /** The dataset: read by the snapshot's builder (places) and the geocoders only. */
  private data: Dataset;
  readonly regionShape: RegionShape;
  readonly flavour: ApiFlavour;
  readonly geocoding: Geocoding;

  constructor(options: ContextOptions) {
    this.data = options.data;
    this.regionShape = options.regionShape ?? 'numeric';
    this.flavour = options.flavour ?? 'standard';
    this.geocoding = options.geocoding?.(() => this.data) ?? NO_GEOCODING;
    this.outlines = new Reorganized(() => this.data, options.drawer);
    this.writes = new RecordWrites(options.records, options.store, {
      now: () => this.places(),
      over: (records) => placesOf(this.data, records, this.snapshotOptions()),
    });
  }

  /** Counts the changes to the created records, so adapters can tell an answer made before one (caches). */
  get generation(): number {
    return this.writes.generation;
  }

  /**
   * The read model (src/service/places.ts): the code list and the places as the created records have
   * reorganized them, built once per change of the records and per read of the code list. The snapshot's
   * builder: with placesOf, the one reader of the dataset and of the records as they stand.
   */
  places(): Places {
    const now = this.placesNow;
    const generation = this.writes.generation;
    if (now && now.generation === generation && now.data === this.data) return now.places;
    const places = placesOf(this.data, this.writes.records, this.snapshotOptions());
    this.placesNow = { generation, data: this.data, places };
    return places;
  }

  /** The vintage of the code list the answers are made from (every answer names it). */
  get vintage(): string {
    return this.data.manifest.vintage;
  }

  /** Whether any region or province was created. */
  hasRecords(): boolean {
    const { regions, provinces } = this.writes.records;
    return regions.length > 0 || provinces.length > 0;
  }

  /** Whether a created region took areas from others: every region's counts and outline then read the whole list. */
  regionsReorganized(): boolean {
    return this.writes.records.regions.some((region) => region.members?.length);
  }

  /** The change report read now, so that the first record that shows it does not wait for it. */
  async readChanges(): Promise<void> {
    await this.data.changes();
  }

  private snapshotOptions(): SnapshotOptions {
    return { regionShape: this.regionShape, flavour: this.flavour, outlines: this.outlines };
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
}
