import type { FeatureCollection, Geometry } from 'geojson';
import { describe, expect, test } from 'vitest';
import { boundsOf, PHILIPPINES_BOUNDS } from '../../map/bounds.ts';
import { fitTarget as fitTargetOf, type LoadedShapes } from './camera.ts';
import { featureWithId } from './lookup.ts';
import { stepOf } from './step.ts';
import type { ExplorerView } from './view.ts';

type Collection = FeatureCollection<Geometry | null, { id: number | string }>;

/** What the queries have loaded; the step's region and town are found in it as the map finds them. */
type Loaded = Pick<LoadedShapes, 'barangays' | 'batch'> & { regions?: Collection; towns?: Collection };

/** What the camera fits for a view, given what is loaded. */
function fitTarget(view: ExplorerView, { regions, towns, ...rest }: Loaded) {
  const step = stepOf(view, 'simple');
  const found = { region: featureWithId(regions, step.region), town: featureWithId(towns, step.municity) };
  return fitTargetOf(step, { ...rest, ...found, towns });
}

const square = (x: number, y: number, properties: Record<string, unknown> = {}) => ({
  type: 'Feature' as const,
  properties,
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [x, y],
        [x + 1, y],
        [x + 1, y + 1],
        [x, y + 1],
        [x, y],
      ],
    ],
  },
});
const collection = (...features: FeatureCollection<Geometry | null>['features']) =>
  ({ type: 'FeatureCollection', features }) as Collection;

const regions = collection(square(120, 15, { id: 3 }), square(123, 10, { id: 7 }), {
  type: 'Feature',
  properties: { id: 'R-NEW' },
  geometry: null,
});
const towns = collection(square(123, 10));
const barangays = collection(square(123.5, 10.2));
const batch = collection(square(121, 11), square(122, 12));

describe('what the camera fits', () => {
  test('the whole country when nothing is chosen', () => {
    expect(fitTarget({}, { regions })).toEqual({ key: 'country', shapes: PHILIPPINES_BOUNDS });
  });

  test('the chosen region’s own outline, not every region', () => {
    const target = fitTarget({ region: '7' }, { regions });
    expect(target.key).toBe('region:7');
    expect(boundsOf(target.shapes as FeatureCollection<Geometry | null>)).toEqual([123, 10, 124, 11]);
  });

  test('the deepest step: a province’s towns, then a town’s barangays', () => {
    expect(fitTarget({ region: '7', province: '7022' }, { regions, towns, barangays })).toEqual({
      key: 'province:7022',
      shapes: towns,
    });
    expect(fitTarget({ region: '7', province: '7022', municity: 702214 }, { regions, barangays })).toEqual({
      key: 'municity:702214',
      shapes: barangays,
    });
  });

  test('a town of the drawn province fits its own outline at once, before its barangays arrive', () => {
    const withIds = collection(square(123, 10, { id: 702213 }), square(124, 10, { id: 702214 }));
    const target = fitTarget({ region: '7', province: '7022', municity: 702214 }, { regions, towns: withIds });
    expect(target.key).toBe('municity:702214');
    expect(boundsOf(target.shapes as FeatureCollection<Geometry | null>)).toEqual([124, 10, 125, 11]);
    // A town with no outline yet waits for its barangays.
    const outlineless = collection({ type: 'Feature', properties: { id: 702214 }, geometry: null });
    expect(
      fitTarget({ region: '7', province: '7022', municity: 702214 }, { towns: outlineless, barangays }).shapes,
    ).toBe(barangays);
  });

  test('choosing a barangay keeps the town’s key, so the camera does not move', () => {
    const town = { region: '7', province: '7022', municity: 702214 };
    expect(fitTarget({ ...town, barangay: '0702214001' }, { barangays }).key).toBe(fitTarget(town, { barangays }).key);
  });

  test('the regions drawn together, unless a region is chosen', () => {
    const codes = ['0600000000', '0700000000'];
    expect(fitTarget({ batch: codes }, { regions, batch })).toEqual({
      key: 'batch:0600000000,0700000000',
      shapes: batch,
    });
    expect(fitTarget({ batch: codes, region: '3' }, { regions, batch }).key).toBe('region:3');
  });

  test('nothing yet while the step’s shapes load, under the key that fits them once they come', () => {
    expect(fitTarget({ region: '7' }, {})).toEqual({ key: 'region:7', shapes: undefined });
    expect(fitTarget({ region: '7', province: '7022' }, { regions })).toEqual({
      key: 'province:7022',
      shapes: undefined,
    });
  });

  test('a region without a boundary gives a collection with nothing to fit', () => {
    const target = fitTarget({ region: 'R-NEW' }, { regions });
    expect((target.shapes as FeatureCollection<Geometry | null>).features).toHaveLength(1);
    expect(boundsOf(target.shapes as FeatureCollection<Geometry | null>)).toBeNull();
  });
});
