import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { FeatureCollection, Polygon, Position } from 'geojson';
import mapshaper from 'mapshaper';
import { describe, expect, test } from 'vitest';
import { polygonsOf, ringMetres, ringWidth } from './gap-holes.ts';
import { divideTriangle } from './gap-triangles.ts';
import { splitGaps, withPieces } from './gaps.ts';

// Hand-made mosaics near 120°E 10°N, on a grid of 0.001° (about 110 m).
const at = ([x, y]: number[]): Position => [120 + x * 0.001, 10 + y * 0.001];
const polygon = (...rings: number[][][]): Polygon => ({ type: 'Polygon', coordinates: rings.map((r) => r.map(at)) });

// Two squares, A and B, 110 m apart, framed by C with a 110 m gap under both squares: the gap is an upside-down
// T. C has the longest border on it (24 units against 20 each), so mapshaper's -clean gives C all of it.
const A = polygon([
  [0, 0],
  [0, 10],
  [10, 10],
  [10, 0],
  [0, 0],
]);
const B = polygon([
  [11, 0],
  [11, 10],
  [21, 10],
  [21, 0],
  [11, 0],
]);
const inner = [
  [0, -1],
  [0, 0],
  [0, 10],
  [10, 10],
  [11, 10],
  [21, 10],
  [21, 0],
  [21, -1],
  [0, -1],
];
const outer = [
  [-5, -5],
  [-5, 15],
  [26, 15],
  [26, -5],
  [-5, -5],
];
const C = polygon(outer, inner);
const gap = [
  [0, -1],
  [21, -1],
  [21, 0],
  [11, 0],
  [11, 10],
  [10, 10],
  [10, 0],
  [0, 0],
  [0, -1],
];
const union = polygon(outer, gap);

/** Which of the shapes, with their pieces of gap, hold a point. */
function holders(result: ReturnType<typeof splitGaps>, [x, y]: number[]): number[] {
  return result.shapes.flatMap((shape, i) =>
    booleanPointInPolygon(at([x, y]), withPieces(shape, result.pieces.get(i))) ? [i] : [],
  );
}

describe('splitting the gaps between barangays', () => {
  test('measures a strip’s width as 2·area/perimeter', () => {
    expect(ringWidth(union.coordinates[1])).toBeGreaterThan(100);
    expect(ringWidth(union.coordinates[1])).toBeLessThan(120);
  });

  test('splits a gap between two squares down its middle between them, not to a third polygon with a longer border', () => {
    const result = splitGaps([A, B, C], union);
    expect(result.report).toMatchObject({ narrow: 1, filled: 1, wide: 0, unowned: 0, badTriangulations: 0 });
    // Between the squares: each takes the half nearer it, C none.
    for (const y of [1, 5, 9]) {
      expect(holders(result, [10.25, y])).toEqual([0]);
      expect(holders(result, [10.75, y])).toEqual([1]);
    }
    // Under them: the squares take the upper half, C the lower.
    for (const x of [2, 8, 13, 19]) {
      expect(holders(result, [x, -0.25])).toEqual([x < 10.5 ? 0 : 1]);
      expect(holders(result, [x, -0.75])).toEqual([2]);
    }
    // The pieces tile the gap: no more, no less.
    const area = (rings: Position[][][]) => rings.reduce((sum, [ring]) => sum + ringMetres(ring).area, 0);
    const pieces = [...result.pieces.values()].map(area).reduce((a, b) => a + b, 0);
    expect(pieces).toBeCloseTo(ringMetres(union.coordinates[1]).area, -1);
  });

  test('gives a long straight bank its share, not just the one triangle on it', () => {
    // A wedge between a bank drawn as one straight edge (A, on the left) and a bent one (B).
    const left = polygon([
      [-10, 0],
      [-10, 30],
      [0, 30],
      [0, 0],
      [-10, 0],
    ]);
    const right = polygon([
      [0, 0],
      [2, 10],
      [3, 20],
      [0, 30],
      [10, 30],
      [10, 0],
      [0, 0],
    ]);
    const frame = [
      [-20, -10],
      [-20, 40],
      [20, 40],
      [20, -10],
      [-20, -10],
    ];
    const hole = [
      [-10, 0],
      [0, 0],
      [10, 0],
      [10, 30],
      [0, 30],
      [-10, 30],
      [-10, 0],
    ];
    const wedge = [
      [0, 0],
      [0, 30],
      [3, 20],
      [2, 10],
      [0, 0],
    ];
    const result = splitGaps([left, right, polygon(frame, hole)], polygon(frame, wedge));
    expect(result.report.filled).toBe(1);
    // Across the wedge at its widest, the left third is A's and the right third B's.
    expect(holders(result, [0.5, 20])).toEqual([0]);
    expect(holders(result, [2.5, 20])).toEqual([1]);
    expect(holders(result, [0.4, 10])).toEqual([0]);
    expect(holders(result, [1.6, 10])).toEqual([1]);
  });

  test('leaves a hole wider than the limit, a lake, as it is', () => {
    const lake = [
      [5, 5],
      [5, 15],
      [15, 15],
      [15, 5],
      [5, 5],
    ];
    const shore = polygon(
      [
        [0, 0],
        [0, 20],
        [20, 20],
        [20, 0],
        [0, 0],
      ],
      lake,
    );
    const result = splitGaps([shore], shore);
    expect(result.report).toMatchObject({ narrow: 0, wide: 1, filled: 0 });
    expect(result.pieces.size).toBe(0);
    expect(result.shapes[0]).toBe(shore);
  });

  test('gives pieces that dissolve into their polygons without repair, leaving no hole', async () => {
    const result = splitGaps([A, B, C], union);
    const input: FeatureCollection<Polygon | ReturnType<typeof withPieces>, { i: number }> = {
      type: 'FeatureCollection',
      features: result.shapes.map((shape, i) => ({
        type: 'Feature',
        properties: { i },
        geometry: withPieces(shape, result.pieces.get(i)),
      })),
    };
    const output = await mapshaper.applyCommands(
      '-i input.json -dissolve i no-repair -o bgy.json format=geojson -dissolve no-repair -o all.json format=geojson',
      { 'input.json': JSON.stringify(input) },
    );
    const barangays = JSON.parse(String(output['bgy.json'])) as FeatureCollection<Polygon>;
    expect(barangays.features.map((f) => f.geometry.type)).toEqual(['Polygon', 'Polygon', 'Polygon']);
    const all = JSON.parse(String(output['all.json']));
    const [merged] = all.type === 'GeometryCollection' ? all.geometries : all.features.map((f: any) => f.geometry);
    expect(polygonsOf(merged).map((p) => p.length)).toEqual([1]);
  });
});

describe('dividing a triangle among its banks', () => {
  const corners: Position[] = [
    [0, 0],
    [2, 0],
    [1, 2],
  ];

  test('gives a triangle whose edges lie on one bank to that bank whole', () => {
    expect(divideTriangle(corners, [7, 7, 7], () => 7)).toEqual([[7, corners]]);
  });

  test('cuts a triangle across a strip along the line between the midpoints of its crossing edges', () => {
    // Base on bank 1, apex on bank 2.
    const parts = divideTriangle(corners, [1, undefined, undefined], (c) => (c === 2 ? 2 : 1));
    expect(parts).toEqual([
      [
        2,
        [
          [1.5, 1],
          [1, 2],
          [0.5, 1],
        ],
      ],
      [
        1,
        [
          [0.5, 1],
          [0, 0],
          [2, 0],
          [1.5, 1],
        ],
      ],
    ]);
  });

  test('meets at the incentre where three banks meet', () => {
    const parts = divideTriangle(corners, [undefined, undefined, undefined], (c) => c);
    expect(parts.map(([owner]) => owner).sort()).toEqual([0, 1, 2]);
    for (const [, ring] of parts) expect(ring).toHaveLength(4);
  });
});
