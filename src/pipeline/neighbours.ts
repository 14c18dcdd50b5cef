import type { Position } from 'geojson';
import type { Shape } from './geometry.ts';

const positions = (shape: Shape): Position[] =>
  (shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates).flat(2) as unknown as Position[];

/**
 * The area that shares the longest border with `code`, measured in shared vertices: the built levels share
 * their arcs exactly, so a common border is a run of identical coordinates.
 */
export function borderProvince(code: string, areas: Map<string, Shape>, accept: (code: string) => boolean) {
  const own = areas.get(code);
  if (!own) return undefined;
  const mine = new Set(positions(own).map((p) => `${p[0]},${p[1]}`));
  let best: { code: string; shared: number } | undefined;
  for (const [other, shape] of areas) {
    if (other === code || !accept(other)) continue;
    const shared = positions(shape).filter((p) => mine.has(`${p[0]},${p[1]}`)).length;
    if (shared > 0 && (!best || shared > best.shared)) best = { code: other, shared };
  }
  return best?.code;
}
