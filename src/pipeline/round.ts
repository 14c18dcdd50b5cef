import type { Position } from 'geojson';
import type { Shape } from './geometry.ts';

type Ring = Position[];

function roundRing(ring: Ring, factor: number): Ring {
  const out: Ring = [];
  for (const [x, y] of ring) {
    const p = [Math.round(x * factor) / factor, Math.round(y * factor) / factor];
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
}

/** Twice the signed area, in squared degrees (shoelace). */
export function ringArea2(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += (ring[j][0] - ring[i][0]) * (ring[j][1] + ring[i][1]);
  }
  return sum;
}

const isDegenerate = (ring: Ring) => ring.length < 4 || ringArea2(ring) === 0;

/**
 * Rounds a ring to `decimals`; a ring that rounding would collapse (a tiny barangay at `simple`) is rounded
 * to ever finer decimals instead, so no polygon disappears. Rings that survive rounding keep exactly the same
 * coordinates as their neighbours, so shared borders stay shared.
 */
function roundRingSafely(ring: Ring, decimals: number): Ring {
  for (let d = decimals; d <= 9; d++) {
    const rounded = roundRing(ring, 10 ** d);
    if (!isDegenerate(rounded)) return rounded;
  }
  return ring;
}

/**
 * Rounds every coordinate of a shape. Holes that collapse are dropped (they are smaller than the precision);
 * outer rings never are. Returns the shape and how many rings needed finer precision.
 */
export function roundShape(shape: Shape, decimals: number): { shape: Shape; refined: number } {
  let refined = 0;
  const roundPolygon = (polygon: Ring[]): Ring[] => {
    const out: Ring[] = [];
    polygon.forEach((ring, index) => {
      const plain = roundRing(ring, 10 ** decimals);
      if (!isDegenerate(plain)) out.push(plain);
      else if (index === 0) {
        refined++;
        out.push(roundRingSafely(ring, decimals + 1));
      }
    });
    return out;
  };
  if (shape.type === 'Polygon') return { shape: { type: 'Polygon', coordinates: roundPolygon(shape.coordinates) }, refined };
  return { shape: { type: 'MultiPolygon', coordinates: shape.coordinates.map(roundPolygon) }, refined };
}
