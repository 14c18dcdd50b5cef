import type { FeatureCollection, MultiPolygon } from 'geojson';
import type { DetailLevel, Shape } from '../contract/types.ts';
import { dataPaths, type FeatureProps } from '../dataset/types.ts';
import type { Dataset } from './dataset.ts';
import type { CreatedRecords, RecordStore } from './store.ts';

export type RegionShape = 'numeric' | 'string';

/** What every endpoint works with: the dataset, the created records and how regions are shaped. */
export class ServiceContext {
  private queue: Promise<unknown> = Promise.resolve();
  /** Counts the changes to the created records, so adapters can tell an answer made before one (caches). */
  generation = 0;

  constructor(
    readonly data: Dataset,
    readonly records: CreatedRecords,
    readonly store: RecordStore,
    readonly regionShape: RegionShape,
  ) {}

  /**
   * Runs creations one at a time and saves before answering: a second identical request sees the first
   * (and gets a 409), and a record is answered 201 only once it is stored. The change is made on a copy and
   * shown to readers only once saved, so no reader sees a record whose save then fails.
   */
  create<T>(change: (records: CreatedRecords) => T): Promise<T> {
    const run = this.queue.then(async () => {
      const next = structuredClone(this.records);
      const result = change(next);
      await this.store.save(next);
      Object.assign(this.records, next);
      this.generation++;
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Region polygons at one detail, as MultiPolygons keyed by PSGC code. */
  async regionShapes(detail: DetailLevel): Promise<Map<string, MultiPolygon>> {
    const collection = await this.data.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.regions(detail));
    return new Map(collection.features.map((f) => [f.properties.code, toMultiPolygon(f.geometry)]));
  }
}

export const toMultiPolygon = (shape: Shape): MultiPolygon =>
  shape.type === 'MultiPolygon' ? shape : { type: 'MultiPolygon', coordinates: [shape.coordinates] };
