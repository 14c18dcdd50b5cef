import type { Polygon } from 'geojson';
import { describe, expect, test } from 'vitest';
import { Rounder } from './round.ts';

const square = (x: number, y: number, size: number): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ],
  ],
});

describe('rounding coordinates', () => {
  test('rounds to the given decimals', () => {
    const rounder = new Rounder(3);
    const shape = rounder.round(square(121.123456, 14.654321, 0.01)) as Polygon;
    expect(shape.coordinates[0][0]).toEqual([121.123, 14.654]);
  });

  test('keeps a polygon smaller than the precision instead of collapsing it', () => {
    const rounder = new Rounder(3);
    const tiny = square(121.00012, 14.00011, 0.0002);
    rounder.protect(tiny);
    const ring = (rounder.round(tiny) as Polygon).coordinates[0];
    expect(rounder.refined).toBe(1);
    expect(ring.length).toBeGreaterThanOrEqual(4);
    expect(new Set(ring.map((p) => p.join())).size).toBeGreaterThanOrEqual(3);
  });

  test('gives a protected vertex the same finer rounding in every shape that has it', () => {
    const rounder = new Rounder(3);
    const tiny = square(121.00012, 14.00011, 0.0002);
    rounder.protect(tiny);
    // A larger polygon sharing the tiny one's corner (as a town shares its barangay's border).
    const big: Polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [121.00012, 14.00011],
          [121.1, 14.00011],
          [121.1, 14.1],
          [121.00012, 14.1],
          [121.00012, 14.00011],
        ],
      ],
    };
    const corner = (rounder.round(tiny) as Polygon).coordinates[0][0];
    expect((rounder.round(big) as Polygon).coordinates[0][0]).toEqual(corner);
    expect((rounder.round(big) as Polygon).coordinates[0][1]).toEqual([121.1, 14]);
  });

  test('drops a hole smaller than the precision but never the outer ring', () => {
    const outer = square(121, 14, 0.1).coordinates[0];
    const hole = square(121.05001, 14.05001, 0.00002).coordinates[0];
    const shape = new Rounder(3).round({ type: 'Polygon', coordinates: [outer, hole] }) as Polygon;
    expect(shape.coordinates).toHaveLength(1);
  });
});
