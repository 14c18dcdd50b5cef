import type { FeatureCollection, Geometry } from 'geojson';
import { PHILIPPINES_BOUNDS } from '../../map/bounds.ts';
import type { ExplorerView } from './view.ts';

type Collection = FeatureCollection<Geometry | null>;

/** What the camera fits: a collection, once per `key` (undefined while it loads). */
export interface FitTarget {
  key: string;
  collection: Collection | undefined;
}

/** The boundaries the map has loaded for a view (`data` of its queries). */
export interface LoadedShapes {
  regions?: FeatureCollection<Geometry | null, { id: number | string }>;
  towns?: Collection;
  barangays?: Collection;
  batch?: Collection;
}

const [west, south, east, north] = PHILIPPINES_BOUNDS;
/** The country's box as a polygon: the camera fits polygons (a line here was never fitted). */
export const COUNTRY: Collection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [west, south],
            [east, south],
            [east, north],
            [west, north],
            [west, south],
          ],
        ],
      },
    },
  ],
};

/**
 * What to fit the camera to for a view: the deepest step chosen (a town's barangays, a province's towns, the
 * region's own outline), else the regions drawn together, else the country. A barangay does not move the
 * camera: its town stays in view, with the barangay selected in it.
 */
export function fitTarget(view: ExplorerView, shapes: LoadedShapes): FitTarget {
  if (view.municity) return { key: `municity:${view.municity}`, collection: shapes.barangays };
  if (view.province) return { key: `province:${view.province}`, collection: shapes.towns };
  if (view.region) {
    const region = shapes.regions?.features.find((f) => String(f.properties.id) === view.region);
    return { key: `region:${view.region}`, collection: region && { type: 'FeatureCollection', features: [region] } };
  }
  if (view.batch) return { key: `batch:${view.batch.join()}`, collection: shapes.batch };
  return { key: 'country', collection: COUNTRY };
}
