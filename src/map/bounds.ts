import type { FeatureCollection, Geometry, Position } from 'geojson';

export type Bounds = [west: number, south: number, east: number, north: number];

/** The Philippines, with a margin. */
export const PHILIPPINES_BOUNDS: Bounds = [116.9, 4.5, 126.7, 21.2];

/** The box around a collection's polygons; null when none has a geometry. */
export function boundsOf(collection: FeatureCollection<Geometry | null>): Bounds | null {
  let [w, s, e, n] = [180, 90, -180, -90];
  const visit = (p: Position) => {
    w = Math.min(w, p[0]);
    e = Math.max(e, p[0]);
    s = Math.min(s, p[1]);
    n = Math.max(n, p[1]);
  };
  for (const f of collection.features) {
    const g = f.geometry;
    const rings = g?.type === 'Polygon' ? g.coordinates : g?.type === 'MultiPolygon' ? g.coordinates.flat() : [];
    for (const ring of rings) for (const p of ring) visit(p);
  }
  return w <= e ? [w, s, e, n] : null;
}
