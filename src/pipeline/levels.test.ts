import type { Polygon, Position } from 'geojson';
import { describe, expect, test } from 'vitest';
import { dissolveGroups, type Shape, type SimplifiedBarangays } from './geometry.ts';
import { buildLevels, type Placement } from './levels.ts';

/** A 0.01° square, `col` squares east and `row` squares north of 120°E 10°N: neighbours share their edges. */
const square = (col: number, row: number): Polygon => {
  const [x, y] = [120 + col / 100, 10 + row / 100];
  return {
    type: 'Polygon',
    coordinates: [
      [
        [x, y],
        [x + 0.01, y],
        [x + 0.01, y + 0.01],
        [x, y + 0.01],
        [x, y],
      ],
    ],
  };
};

/** Six barangays in a row of squares and one area that is not a barangay, as the boundaries give them. */
const simplified = (): SimplifiedBarangays => ({
  barangays: new Map([
    ['b1', square(0, 0)],
    ['b2', square(1, 0)],
    ['b3', square(2, 0)],
    ['b4', square(3, 0)],
    ['b5', square(4, 0)],
    ['b6', square(5, 0)],
  ]),
  unassigned: new Map([['Cemetery', square(6, 0)]]),
});

/** Towns of barangays, areas of towns, regions of areas. */
const placement = (towns: Record<string, string>, areas: Record<string, string>, regions: Record<string, string>) =>
  ({
    municityOf: (b) => towns[b],
    areaOf: (t) => areas[t],
    regionOf: (a) => regions[a],
    unassignedIn: () => 't3',
  }) satisfies Placement;

const older = placement(
  { b1: 't1', b2: 't1', b3: 't2', b4: 't2', b5: 't3', b6: 't3' },
  { t1: 'p1', t2: 'p1', t3: 'p2' },
  { p1: 'r1', p2: 'r2' },
);
// The next list: t1 is recoded (same barangays, new code), b4 moves to t3, and p2 moves to region r1.
const newer = placement(
  { b1: 't1b', b2: 't1b', b3: 't2', b4: 't3', b5: 't3', b6: 't3' },
  { t1b: 'p1', t2: 'p1', t3: 'p2' },
  { p1: 'r1', p2: 'r1' },
);

/** A shape's area in squared degrees, holes subtracted, whatever the winding. */
function area(shape: Shape): number {
  const ring = (r: Position[]) =>
    Math.abs(r.reduce((sum, [x, y], i) => sum + (r[(i + 1) % r.length][0] - x) * (r[(i + 1) % r.length][1] + y), 0)) /
    2;
  const polygons = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  return polygons.reduce((sum, [outer, ...holes]) => sum + ring(outer) - holes.reduce((h, r) => h + ring(r), 0), 0);
}

const areas = (shapes: Map<string, Shape>) =>
  Object.fromEntries([...shapes].map(([id, s]) => [id, Number(area(s).toFixed(8))]));

describe('the levels of a second vintage built from the same polygons', () => {
  test('are what a build of their own makes, with only the changed groups dissolved again', async () => {
    const shared = simplified();
    const first = await buildLevels(shared, 5, older);
    const reused = await buildLevels(shared, 5, newer, first.cache);
    const fresh = await buildLevels(simplified(), 5, newer);

    for (const level of ['barangays', 'municities', 'provinces', 'regions'] as const) {
      expect(areas(reused.levels[level]), level).toEqual(areas(fresh.levels[level]));
    }
    expect(areas(reused.levels.municities)).toEqual({ t1b: 0.0002, t2: 0.0001, t3: 0.0004 });
    expect(areas(reused.levels.regions)).toEqual({ r1: 0.0007 });
    // A group whose barangays did not change is the very outline the first build made.
    expect(reused.levels.municities.get('t1b')).toBe(first.levels.municities.get('t1'));
    expect(reused.levels.municities.get('t3')).not.toBe(first.levels.municities.get('t3'));
    expect([...reused.levels.unassigned.keys()]).toEqual(['Cemetery']);
  });

  test('is not taken from the cache of another detail, nor of other polygons', async () => {
    const shared = simplified();
    const first = await buildLevels(shared, 5, older);
    const otherDetail = await buildLevels(shared, 3, newer, first.cache);
    expect(otherDetail.cache).not.toBe(first.cache);
    const otherPolygons = await buildLevels(simplified(), 5, newer, first.cache);
    expect(otherPolygons.cache).not.toBe(first.cache);
    expect(areas(otherPolygons.levels.regions)).toEqual({ r1: 0.0007 });
  });
});

describe('mapshaper', () => {
  test('leaves the polygons it is handed as they were (it rewinds the rings of objects given to it)', async () => {
    const shapes = [square(0, 0), square(1, 0)];
    const before = structuredClone(shapes);
    await dissolveGroups(new Map([['g', shapes]]));
    expect(shapes).toEqual(before);
  });
});
