import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Polygon, Position } from 'geojson';
import { describe, expect, test } from 'vitest';
import { type Member, metresBetween } from './clusters.ts';
import { labelPoint } from './label-point.ts';
import { barangaysAround, shorePoint } from './shore-point.ts';

const at = (x: number, y: number): Position => [120 + x, 10 + y];
const ring = (...points: [number, number][]): Polygon => ({
  type: 'Polygon',
  coordinates: [[...points, points[0]].map(([x, y]) => at(x, y))],
});
const member = (code: string, shape: Polygon, population: number): Member => ({ code, shape, population });

// A poblacion 11 km along the shore and 1.1 km deep: the sea south of it, its west and east ends; the shore cut
// into 1.1 km pieces, as a real coastline is many short edges. Two neighbours share its northern border: a
// small crowded one over its first 1.1 km and a large thin one over the rest.
const shore: [number, number][] = Array.from({ length: 11 }, (_, i) => [i * 0.01, 0] as [number, number]);
const poblacion = member('p', ring(...shore, [0.11, 0], [0.11, 0.01], [0.1, 0.01], [0.01, 0.01], [0, 0.01]), 6000);
const crowded = (west: boolean) =>
  west
    ? member('c', ring([0, 0.01], [0.01, 0.01], [0.01, 0.02], [0, 0.02]), 5000)
    : member('c', ring([0.1, 0.01], [0.11, 0.01], [0.11, 0.02], [0.1, 0.02]), 5000);
const thin = (west: boolean) =>
  west
    ? member('t', ring([0.01, 0.01], [0.1, 0.01], [0.11, 0.01], [0.11, 0.06], [0.01, 0.06]), 500)
    : member('t', ring([0, 0.01], [0.01, 0.01], [0.1, 0.01], [0.1, 0.06], [0, 0.06]), 500);

/** Whether some point `metres` from p, in any of 16 directions, lies in none of the shapes (the sea). */
const seaWithin = (p: Position, metres: number, shapes: Member['shape'][]) =>
  Array.from({ length: 16 }, (_, i) => (i * Math.PI) / 8).some((a) => {
    const q: [number, number] = [
      p[0] + (Math.cos(a) * metres) / (111_320 * Math.cos((p[1] * Math.PI) / 180)),
      p[1] + (Math.sin(a) * metres) / 110_574,
    ];
    return !shapes.some((s) => booleanPointInPolygon(q, s));
  });

describe('the point of a long coastal poblacion', () => {
  const pole = labelPoint(poblacion.shape);

  test('moves from its middle to its shore, beside the crowded neighbour', () => {
    for (const west of [true, false]) {
      const town = [poblacion, crowded(west), thin(west)];
      const point = shorePoint(pole, poblacion, barangaysAround(town)(poblacion))!;
      expect(booleanPointInPolygon(point, poblacion.shape, { ignoreBoundary: true })).toBe(true);
      expect(
        seaWithin(
          point,
          150,
          town.map((m) => m.shape),
        ),
      ).toBe(true);
      expect(metresBetween(point, labelPoint(crowded(west).shape))).toBeLessThan(2000);
      expect(metresBetween(point, pole)).toBeGreaterThan(4000);
    }
  });

  test('stays at its middle when the barangay is inland or small', () => {
    // Inland: the sea side is another barangay, and so are both ends.
    const south = member('s', ring([0, -0.05], [0.11, -0.05], [0.11, 0], ...[...shore].reverse()), 500);
    const closed = [poblacion, crowded(true), thin(true), south];
    const ends = [
      member('w', ring([-0.05, -0.05], [0, -0.05], [0, 0.06], [-0.05, 0.06]), 100),
      member('e', ring([0.11, -0.05], [0.16, -0.05], [0.16, 0.06], [0.11, 0.06]), 100),
    ];
    const inland = [...closed, ...ends];
    expect(shorePoint(pole, poblacion, barangaysAround(inland)(poblacion))).toBeNull();
    // Small: a 3 km shore barangay reaches no more than 4 km from its middle.
    const small = member('p', ring([0, 0], [0.01, 0], [0.02, 0], [0.03, 0], [0.03, 0.01], [0, 0.01]), 3000);
    expect(shorePoint(labelPoint(small.shape), small, [])).toBeNull();
  });
});
