import type { Position } from 'geojson';
import polylabel from 'polylabel';
import type { Shape } from './geometry.ts';
import { ringArea2 } from './round.ts';

/** The pole of inaccessibility of the shape's largest part: a point well inside the polygon. */
export function labelPoint(shape: Shape): [number, number] {
  const parts = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  let best = parts[0];
  for (const part of parts) if (Math.abs(ringArea2(part[0])) > Math.abs(ringArea2(best[0]))) best = part;
  const xs = best[0].map((p: Position) => p[0]);
  const ys = best[0].map((p: Position) => p[1]);
  const size = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const [x, y] = polylabel(best as [number, number][][], Math.max(size / 500, 1e-6));
  return [Math.round(x * 1e5) / 1e5, Math.round(y * 1e5) / 1e5];
}
