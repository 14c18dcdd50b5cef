import type { Feature, FeatureCollection, Geometry, Point, Polygon, Position } from 'geojson';

/**
 * One label point per place (issue 35): a polygon layer's own labels repeat once per part and per tile, so
 * around Cebu "Bohol" was written about ten times, once per island. The point is inside the place's largest
 * part: on the horizontal line through that part's middle, at the middle of the widest stretch inside it.
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

/** A point inside a polygon's largest part, or null for a geometry with no area. */
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
  const ys = largest[0].map((p) => p[1]);
  const y = (Math.min(...ys) + Math.max(...ys)) / 2;
  // Where each ring (holes too) crosses the line, sorted: inside lies between the 1st and 2nd, 3rd and 4th…
  const xs: number[] = [];
  for (const ring of largest) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[j];
      const [x2, y2] = ring[i];
      if (y1 > y !== y2 > y) xs.push(x1 + ((y - y1) * (x2 - x1)) / (y2 - y1));
    }
  }
  xs.sort((a, b) => a - b);
  let best: Position | null = null;
  let widest = -1;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    if (xs[i + 1] - xs[i] > widest) [widest, best] = [xs[i + 1] - xs[i], [(xs[i] + xs[i + 1]) / 2, y]];
  }
  return best;
}

/** A ring's signed area (shoelace), in square degrees: enough to compare parts of one place. */
function ringArea(ring: Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++)
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  return sum / 2;
}
