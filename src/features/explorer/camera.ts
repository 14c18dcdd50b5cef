import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { type Bounds, PHILIPPINES_BOUNDS } from '../../map/bounds.ts';
import type { Step } from './step.ts';

type Collection = FeatureCollection<Geometry | null>;

/** What the camera fits, once per `key`: a box, or the box around a collection (undefined while it loads). */
export interface FitTarget {
  key: string;
  shapes: Bounds | Collection | undefined;
}

/** The boundaries the map has loaded for a view (`data` of its queries), and the step's own region and town. */
export interface LoadedShapes {
  /** The step's region among the regions (at and below the region step). */
  region?: Feature<Geometry | null>;
  /** The step's town among its province's towns (at a town step). */
  town?: Feature<Geometry | null>;
  towns?: Collection;
  barangays?: Collection;
  batch?: Collection;
}

/**
 * What to fit the camera to for a view: the deepest step chosen (a town's barangays, a province's towns, the
 * region's own outline), else the regions drawn together, else the country. A barangay does not move the
 * camera: its town stays in view, with the barangay selected in it.
 */
export function fitTarget(step: Step, shapes: LoadedShapes): FitTarget {
  const { key } = step;
  switch (step.kind) {
    case 'municity': {
      // The town's own outline, drawn with its province's towns, fits the camera at the click, before its
      // barangays arrive: MapLibre then tiles them once, at the zoom they are shown at, as the floor page of
      // bench:ui does (fitted once they arrived, they were tiled at the province's zoom first, then again).
      const { town } = shapes;
      const own: Collection | undefined = town?.geometry ? { type: 'FeatureCollection', features: [town] } : undefined;
      return { key, shapes: own ?? shapes.barangays };
    }
    case 'province':
      return { key, shapes: shapes.towns };
    case 'region':
      return { key, shapes: shapes.region && { type: 'FeatureCollection', features: [shapes.region] } };
    case 'country':
      if (step.batch) return { key: `batch:${step.batch.join()}`, shapes: shapes.batch };
      return { key, shapes: PHILIPPINES_BOUNDS };
  }
}
