import type { Feature, FeatureCollection, Geometry, Point, Polygon, Position } from 'geojson';
import polylabel from 'polylabel';

/**
 * One label point per place: a polygon layer's own labels repeat once per part and per tile, so
 * around Cebu "Bohol" was written about ten times, once per island. The point is inside the place's largest part.
 */
export function labelPoints<P extends { code: string; name: string }>(
  collection: FeatureCollection<Geometry | null, P> | undefined,
): FeatureCollection<Point, { code: string; name: string }> {
  const features: Feature<Point, { code: string; name: string }>[] = [];
  for (const feature of collection?.features ?? []) {
    const point = feature.geometry && labelPoint(feature.geometry);
    if (point) {
      features.push({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: point },
        properties: { code: String(feature.properties.code), name: feature.properties.name },
      });
    }
  }
  return { type: 'FeatureCollection', features };
}

/**
 * A point well inside a polygon's largest part, or null for a geometry with no area: its pole of inaccessibility
 * (polylabel), as the pipeline places the gazetteer's points (src/pipeline/label-point.ts).
 */
export function labelPoint(geometry: Geometry): Position | null {
  const parts: Polygon['coordinates'][] =
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  let largest: Polygon['coordinates'] | undefined;
  let most = 0;
  for (const part of parts) {
    const area = Math.abs(ringArea(part[0] ?? []));
    if (area > most) [largest, most] = [part, area];
  }
  if (!largest) return null;
  const xs = largest[0].map((p) => p[0]);
  const ys = largest[0].map((p) => p[1]);
  const size = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const [x, y] = polylabel(largest as [number, number][][], Math.max(size / 200, 1e-6));
  return [x, y];
}

/** A ring's signed area (shoelace), in square degrees: enough to compare parts of one place. */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return sum / 2;
}

type Box = [west: number, south: number, east: number, north: number];

/**
 * A polygon cut to a box, each ring clipped against the box's four sides in turn (Sutherland–Hodgman: exact for a
 * convex window, with at worst a seam along its edge that a label does not mind); null where nothing is left. A
 * label placed in what is left stays in view: the whole province's pole can lie off screen, or under the panel.
 */
export function clipToBox(geometry: Geometry, box: Box): Geometry | null {
  const parts: Polygon['coordinates'][] =
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  const clipped = parts.flatMap((rings) => {
    const [outer, ...holes] = rings.map((ring) => clipRing(ring, box));
    return outer?.length ? [[outer, ...holes.filter((ring) => ring.length > 0)]] : [];
  });
  return clipped.length ? { type: 'MultiPolygon', coordinates: clipped } : null;
}

const SIDES: ((p: Position, box: Box) => number)[] = [
  (p, [w]) => p[0] - w,
  (p, [, , e]) => e - p[0],
  (p, [, s]) => p[1] - s,
  (p, [, , , n]) => n - p[1],
];

/** One ring clipped to the box, closed again; fewer than four positions where it lies outside. */
function clipRing(ring: Position[], box: Box): Position[] {
  let points = ring.slice(0, -1);
  for (const inside of SIDES) {
    const next: Position[] = [];
    for (let i = 0; i < points.length; i++) {
      const a = points[i];
      const b = points[(i + 1) % points.length];
      const [da, db] = [inside(a, box), inside(b, box)];
      if (da >= 0) next.push(a);
      if (da >= 0 !== db >= 0) {
        const t = da / (da - db);
        next.push([a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]);
      }
    }
    points = next;
    if (points.length < 3) return [];
  }
  return [...points, points[0]];
}
