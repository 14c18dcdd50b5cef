import type { Polygon, Position } from 'geojson';
import { describe, expect, test } from 'vitest';
import { clusterShapes, type Member, mainCluster, metresBetween, pointToShape } from './clusters.ts';

/** At 10°N a hundredth of a degree is 1,096 m east–west and 1,106 m north–south. */
const LAT = 10;
const box = (west: number, south: number, east: number, north: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [120 + west, LAT + south],
      [120 + east, LAT + south],
      [120 + east, LAT + north],
      [120 + west, LAT + north],
      [120 + west, LAT + south],
    ],
  ],
});
const barangay = (code: string, shape: Polygon, population: number | null = null): Member => ({
  code,
  shape,
  population,
});
const codes = (clusters: Member[][]) => clusters.map((c) => c.map((m) => m.code));

describe('clustering poblacion barangays', () => {
  const a = barangay('a', box(0, 0, 0.01, 0.01));
  const b = barangay('b', box(0.01, 0, 0.02, 0.01)); // shares a's east edge
  const c = barangay('c', box(0.03, 0, 0.04, 0.01)); // 1.1 km east of b
  const d = barangay('d', box(0.1, 0, 0.11, 0.01)); // 6.6 km east of c

  test('puts barangays that share an edge in one cluster, and a far one in its own', () => {
    expect(codes(clusterShapes([a, b, d]))).toEqual([['a', 'b'], ['d']]);
  });

  test('joins barangays within 1.5 km of each other, edge to edge, and through each other', () => {
    expect(codes(clusterShapes([a, b, c, d]))).toEqual([['a', 'b', 'c'], ['d']]);
    // a and c are 2.2 km apart: only b, between them, joins them.
    expect(codes(clusterShapes([a, c]))).toEqual([['a'], ['c']]);
    expect(codes(clusterShapes([a, c, b]))).toEqual([['a', 'c', 'b']]);
  });

  test('measures the gap between edges, not between centres', () => {
    // Two strips 10 km long whose centres lie 11 km apart, but whose ends are 1.1 km apart.
    const west = barangay('west', box(-0.1, 0, 0, 0.001));
    const east = barangay('east', box(0.01, 0, 0.11, 0.001));
    expect(codes(clusterShapes([west, east]))).toEqual([['west', 'east']]);
    expect(codes(clusterShapes([west, east], 1000))).toEqual([['west'], ['east']]);
  });

  test('joins barangays that meet at a corner only, or lie in the hole of another', () => {
    const corner = barangay('corner', box(0.01, 0.01, 0.02, 0.02));
    expect(codes(clusterShapes([a, corner], 0))).toEqual([['a', 'corner']]);
    const ring = barangay('ring', {
      type: 'Polygon',
      coordinates: [box(0, 0, 0.05, 0.05).coordinates[0], box(0.02, 0.02, 0.03, 0.03).coordinates[0].toReversed()],
    });
    const enclave = barangay('enclave', box(0.02, 0.02, 0.03, 0.03));
    // Within the hole, 220 m from its edge: the hole's edge counts, the outer one 2.4 km away does not.
    const inside = barangay('inside', box(0.022, 0.022, 0.028, 0.028));
    expect(codes(clusterShapes([ring, enclave], 0))).toEqual([['ring', 'enclave']]);
    expect(codes(clusterShapes([ring, inside]))).toEqual([['ring', 'inside']]);
    expect(codes(clusterShapes([ring, inside], 200))).toEqual([['ring'], ['inside']]);
  });

  test('takes as main cluster the one with the most barangays, then the most people', () => {
    const e = barangay('e', box(0.11, 0, 0.12, 0.01), 100);
    const f = barangay('f', box(0.2, 0, 0.21, 0.01), 50);
    expect(mainCluster([d, e, a, b, c]).map((m) => m.code)).toEqual(['a', 'b', 'c']);
    const small = (code: string, population: number, east: number) =>
      barangay(code, box(east, 0, east + 0.001, 0.001), population);
    // Two clusters of two: the more populous wins, whichever comes first.
    const few = [small('p', 10, 0), small('q', 10, 0.002), small('r', 30, 0.3), small('s', 1, 0.302)];
    expect(mainCluster(few).map((m) => m.code)).toEqual(['r', 's']);
    expect(mainCluster([f, e]).map((m) => m.code)).toEqual(['e']);
    expect(mainCluster([])).toEqual([]);
  });
});

describe('distances', () => {
  test('from a point to a polygon is zero inside and edge distance outside', () => {
    const shape = box(0, 0, 0.01, 0.01);
    expect(pointToShape([120.005, 10.005], shape)).toBe(0);
    expect(pointToShape([120.02, 10.005], shape)).toBeCloseTo(1096, -1);
  });

  test('between two points follows the great circle', () => {
    const manila: Position = [120.9842, 14.5995];
    expect(metresBetween(manila, manila)).toBe(0);
    expect(metresBetween([120, 10], [120, 11])).toBeCloseTo(111_195, -1);
  });
});
