import type { MultiPolygon, Polygon, Position } from 'geojson';
import { describe, expect, test } from 'vitest';
import { insideRing } from './gap-holes.ts';
import { classifyHoles, lakesNotFound, unitsAround } from './open-holes.ts';
import type { WaterBody } from './water-bodies.ts';

const square = (x: number, y: number, size: number): Position[] => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];
const reversed = (ring: Position[]) => [...ring].reverse();

// A piece of country 0.1° (about 11 km) across, with two holes: a lake at the west, and at the east land no
// barangay covers, with a small barangay standing inside it (an island of the union).
const west = square(120.01, 15.02, 0.03);
const east = square(120.06, 15.02, 0.03);
const islet = square(120.07, 15.03, 0.01);
const union: MultiPolygon = {
  type: 'MultiPolygon',
  coordinates: [[square(120, 15, 0.1), reversed(west), reversed(east)], [islet]],
};
const lake: WaterBody = { name: 'Lake Test', kind: 'lake', at: [120.025, 15.035], source: 'test' };
const onIslet: WaterBody = { name: 'On the islet', kind: 'lake', at: [120.075, 15.035], source: 'test' };

describe('classifyHoles', () => {
  test('a hole that holds a listed lake is water, named after it', () => {
    const holes = classifyHoles(union, [lake]);
    const water = holes.filter((h) => h.class === 'water');
    expect(water).toHaveLength(1);
    expect(water[0].name).toBe('Lake Test');
    expect(insideRing(water[0].point, west)).toBe(true);
  });

  test('a hole that holds no lake is land no barangay covers, with the parts of the union inside it left out', () => {
    const land = classifyHoles(union, [lake]).filter((h) => h.class === 'no-barangay');
    expect(land).toHaveLength(1);
    const [hole] = land;
    expect(hole.name).toBeNull();
    // Its outer ring is the hole's ring; the islet is a hole in it, so the land does not cover a barangay.
    expect(hole.shape.coordinates).toHaveLength(2);
    expect(insideRing(hole.point, east)).toBe(true);
    expect(insideRing(hole.point, islet)).toBe(false);
    // A 0.03° square less the 0.01° islet, at 15° N: 10.75 - 1.19 km².
    expect(hole.areaKm2).toBeGreaterThan(9.5);
    expect(hole.areaKm2).toBeLessThan(9.6);
  });

  test("a lake's point on an island inside a hole does not make the hole water", () => {
    const holes = classifyHoles(union, [onIslet]);
    expect(holes.every((h) => h.class === 'no-barangay')).toBe(true);
    expect(lakesNotFound(holes, [onIslet, lake])).toEqual(['On the islet', 'Lake Test']);
  });

  test('a union with no holes has nothing to class', () => {
    const solid: Polygon = { type: 'Polygon', coordinates: [square(120, 15, 0.1)] };
    expect(classifyHoles(solid, [lake])).toEqual([]);
  });
});

describe('unitsAround', () => {
  test('finds the units that share a vertex with a hole, and not the ones that do not', () => {
    // Three towns: two meet the east hole (they share its corners), one lies apart.
    const towns = new Map<string, Polygon>([
      [
        'A',
        {
          type: 'Polygon',
          coordinates: [
            [
              [120.06, 15.02],
              [120.06, 15],
              [120.09, 15],
              [120.06, 15.02],
            ],
          ],
        },
      ],
      [
        'B',
        {
          type: 'Polygon',
          coordinates: [
            [
              [120.09, 15.05],
              [120.1, 15.05],
              [120.1, 15.1],
              [120.09, 15.05],
            ],
          ],
        },
      ],
      ['C', { type: 'Polygon', coordinates: [square(121, 16, 0.01)] }],
    ]);
    const land = classifyHoles(union, [lake]).filter((h) => h.class === 'no-barangay');
    expect(unitsAround(land, towns)).toEqual([['A', 'B']]);
  });
});
