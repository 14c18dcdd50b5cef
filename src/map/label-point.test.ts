import { describe, expect, test } from 'vitest';
import { clipToBox, labelPoint, labelPoints } from './label-point.ts';

const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

describe('labelPoints', () => {
  test('one point per place, on its largest island, however many islands it has', () => {
    const bohol = {
      type: 'Feature' as const,
      properties: { code: '0701200000', name: 'Bohol' },
      geometry: {
        type: 'MultiPolygon' as const,
        coordinates: [[square(0, 0, 1)], [square(5, 5, 3)], [square(10, 0, 0.5)]],
      },
    };
    const { features } = labelPoints({ type: 'FeatureCollection', features: [bohol] });
    expect(features).toHaveLength(1);
    expect(features[0].properties).toEqual({ code: '0701200000', name: 'Bohol' });
    const [x, y] = features[0].geometry.coordinates;
    expect(x).toBeGreaterThan(5);
    expect(x).toBeLessThan(8);
    expect(y).toBeCloseTo(6.5);
  });

  test('the point of a ring-shaped place lies in the ring, not in its hole', () => {
    // A square of 10 with a hole of 6 in its middle: the middle line's widest stretch inside is a side.
    const point = labelPoint({ type: 'Polygon', coordinates: [square(0, 0, 10), square(2, 2, 6)] });
    expect(point).not.toBeNull();
    const [x] = point!;
    expect(x < 2 || x > 8).toBe(true);
  });

  test('a concave place gets a point inside it: a U shape', () => {
    const u = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
      [0, 0],
    ];
    const [x, y] = labelPoint({ type: 'Polygon', coordinates: [u] })!;
    // In the U: its base, or one of its arms, never the gap between them.
    expect(x > 0 && x < 3 && y > 0 && y < 3).toBe(true);
    expect(y < 1 || x < 1 || x > 2).toBe(true);
  });

  test('places without a boundary are left out', () => {
    const none = { type: 'Feature' as const, properties: { code: '1', name: 'New' }, geometry: null };
    expect(labelPoints({ type: 'FeatureCollection', features: [none] }).features).toEqual([]);
  });
});

describe('clipToBox', () => {
  test('keeps the part of a place inside the box, so its label lands in view', () => {
    const place = { type: 'Polygon' as const, coordinates: [square(0, 0, 10)] };
    const clipped = clipToBox(place, [8, 2, 20, 4]);
    const corners = clipped?.type === 'MultiPolygon' ? clipped.coordinates[0][0] : [];
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    expect([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]).toEqual([8, 2, 10, 4]);
    const [x, y] = labelPoint(clipped!)!;
    expect(x).toBeGreaterThan(8);
    expect(y).toBeGreaterThan(2);
    expect(y).toBeLessThan(4);
  });

  test('leaves out a place wholly outside the box', () => {
    expect(clipToBox({ type: 'Polygon', coordinates: [square(0, 0, 1)] }, [5, 5, 6, 6])).toBeNull();
  });
});
