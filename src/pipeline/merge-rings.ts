import type { Position } from 'geojson';

type Ring = Position[];

/** Twice the signed area of an open ring: positive when it runs counter-clockwise. */
function area2(ring: Ring): number {
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [a, b] = [ring[i], ring[(i + 1) % ring.length]];
    sum += a[0] * b[1] - b[0] * a[1];
  }
  return sum;
}

/**
 * The outlines of the union of polygons (open rings) that meet edge to edge at identical vertices, as the parts
 * of one triangulation do: the edges two of them share cancel, and the rest chain into rings. `idOf` names
 * each vertex by a number under 2^26, the same for the same point. Returns null where that would not give
 * simple outer rings (the union has a hole, or touches itself at a vertex), for the caller to keep the
 * polygons as they are. mapshaper reads a few rings much faster than the many triangles they replace.
 */
export function mergeRings(rings: Ring[], idOf: (p: Position) => number): Ring[] | null {
  if (rings.length < 2) return rings;
  const key = (a: number, b: number) => a * 0x4000000 + b;
  // Each directed edge left, by its key: its two ends.
  const edges = new Map<number, [number, number]>();
  const points = new Map<number, Position>();
  for (const ring of rings) {
    const oriented = area2(ring) < 0 ? [...ring].reverse() : ring;
    const ids = oriented.map((p) => {
      const id = idOf(p);
      points.set(id, p);
      return id;
    });
    for (let i = 0; i < ids.length; i++) {
      const [a, b] = [ids[i], ids[(i + 1) % ids.length]];
      if (a === b) continue;
      if (edges.delete(key(b, a))) continue;
      edges.set(key(a, b), [a, b]);
    }
  }
  const next = new Map<number, number>();
  for (const [a, b] of edges.values()) {
    if (next.has(a)) return null;
    next.set(a, b);
  }
  const merged: Ring[] = [];
  for (const [a] of edges.values()) {
    if (!next.has(a)) continue;
    const ring: Ring = [];
    let at = a;
    for (let to = next.get(at); to !== undefined; to = next.get(at)) {
      ring.push(points.get(at)!);
      next.delete(at);
      at = to;
    }
    if (at !== a || area2(ring) <= 0) return null;
    merged.push(ring);
  }
  return merged;
}
