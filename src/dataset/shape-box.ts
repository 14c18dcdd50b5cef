import type { MultiPolygon, Polygon } from 'geojson';

type Shape = Polygon | MultiPolygon;

/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number];

/**
 * A polygon's or multipolygon's bounding box, for the build (the town points' neighbours, pipeline/shore-point.ts)
 * and the service (the reverse lookup's index, service/geocode/reverse.ts) alike.
 */
export function boxOf(shape: Shape): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  const rings = shape.type === 'Polygon' ? shape.coordinates : shape.coordinates.flat();
  for (const ring of rings) {
    for (const [x, y] of ring) {
      box[0] = Math.min(box[0], x);
      box[1] = Math.min(box[1], y);
      box[2] = Math.max(box[2], x);
      box[3] = Math.max(box[3], y);
    }
  }
  return box;
}
