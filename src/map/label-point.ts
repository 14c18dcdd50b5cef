import type { Feature, FeatureCollection, Geometry, Point, Polygon, Position } from 'geojson';
import polylabel from 'polylabel';

/**
 * One label point per place (issue 35): a polygon layer's own labels repeat once per part and per tile, so
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
