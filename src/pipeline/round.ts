import type { Position } from 'geojson';
import type { Shape } from './geometry.ts';

type Ring = Position[];

/** Twice the signed area, in squared degrees (shoelace). */
export function ringArea2(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return sum;
}

const isDegenerate = (ring: Ring) => ring.length < 4 || ringArea2(ring) === 0;
const rings = (shape: Shape): Ring[] => (shape.type === 'Polygon' ? shape.coordinates : shape.coordinates.flat());
const MAX_DECIMALS = 9;

/**
 * Rounds coordinates to a number of decimals without collapsing small polygons and without breaking shared
 * borders. The precision is chosen per vertex, keyed by its unrounded position: every level's polygons are made
 * of the same arcs, so a vertex rounds to the same place in a barangay, its town, province and region.
 * `protect` is called first on the finest level (barangays); a ring that rounding would collapse gets enough
 * extra decimals on all its vertices to keep its shape, and its neighbours and parents then share them.
 */
export class Rounder {
  private readonly finer = new Map<string, number>();
  /** Rings that needed extra decimals. */
  refined = 0;

  constructor(readonly decimals: number) {}

  private point([x, y]: Position, decimals = this.finer.get(`${x},${y}`) ?? this.decimals): Position {
    const f = 10 ** decimals;
    return [Math.round(x * f) / f, Math.round(y * f) / f];
  }

  private ring(ring: Ring, decimals?: number): Ring {
    const out: Ring = [];
    for (const p of ring) {
      const q = this.point(p, decimals);
      const last = out[out.length - 1];
      if (!last || last[0] !== q[0] || last[1] !== q[1]) out.push(q);
    }
    return out;
  }

  protect(shape: Shape): void {
    for (const ring of rings(shape)) {
      if (!isDegenerate(this.ring(ring))) continue;
      let d = this.decimals + 1;
      while (d < MAX_DECIMALS && isDegenerate(this.ring(ring, d))) d++;
      this.refined++;
      for (const [x, y] of ring) {
        const key = `${x},${y}`;
        this.finer.set(key, Math.max(this.finer.get(key) ?? 0, d));
      }
    }
  }

  /** The shape rounded; a hole smaller than the precision is dropped, an outer ring never is. */
  round(shape: Shape): Shape {
    const polygon = (p: Ring[]): Ring[] => {
      const out: Ring[] = [];
      p.forEach((ring, index) => {
        let r = this.ring(ring);
        if (isDegenerate(r) && index === 0) r = this.ring(ring, MAX_DECIMALS);
        if (!isDegenerate(r) || index === 0) out.push(r);
      });
      return out;
    };
    return shape.type === 'Polygon'
      ? { type: 'Polygon', coordinates: polygon(shape.coordinates) }
      : { type: 'MultiPolygon', coordinates: shape.coordinates.map(polygon) };
  }
}
