import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Position } from 'geojson';
import { boxOf } from '../dataset/shape-box.ts';
import { type Member, metresBetween } from './clusters.ts';
import type { Shape } from './geometry.ts';

/**
 * How far the town proper's barangay must reach from the cluster's point before its shore is looked for: a
 * barangay whose every corner lies within 4 km of its pole keeps the pole, for any town hall in it is then a
 * short way off; one that runs from the coast 5 or 12 km inland (Carmen, Agusan del Norte; Catarman, Camiguin)
 * has its town proper on the shore, not at its middle. Chosen on the tune half of the towns (docs/data.md).
 */
export const SHORE_REACH_METRES = 4000;
/** How far off an edge the sea is looked for: more than the width of a snapping seam, less than a shore road. */
const PROBE_METRES = 30;
/** How far inland from the shore the point is put, so it falls on the land of the barangay, not on its edge. */
const INLAND_METRES = 100;
/** Vertices closer than this (degrees, about 10 cm) are one: the build snaps the barangays' shared borders. */
const VERTEX_GRID = 1e-6;

type Edge = { a: Position; b: Position };

const partsOf = (shape: Shape) => (shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates);
const ringsOf = (shape: Shape) => partsOf(shape).flat();

const vertexKey = ([x, y]: Position) => `${Math.round(x / VERTEX_GRID)},${Math.round(y / VERTEX_GRID)}`;
const edgeKey = (a: Position, b: Position) => {
  const [ka, kb] = [vertexKey(a), vertexKey(b)];
  return ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
};

/** Square degrees: within one place, enough to compare how crowded two barangays are. */
function squareDegrees(shape: Shape): number {
  let area = 0;
  for (const polygon of partsOf(shape)) {
    polygon.forEach((ring, r) => {
      let a = 0;
      for (let i = 1; i < ring.length; i++) a += ring[i - 1][0] * ring[i][1] - ring[i][0] * ring[i - 1][1];
      area += r === 0 ? Math.abs(a) / 2 : -Math.abs(a) / 2;
    });
  }
  return area;
}

/** The two points `metres` off the middle of an edge, one on each side, left side first. */
function beside(edge: Edge, metres: number): [[number, number], [number, number]] {
  const mx = (edge.a[0] + edge.b[0]) / 2;
  const my = (edge.a[1] + edge.b[1]) / 2;
  const k = Math.cos((my * Math.PI) / 180);
  const dx = (edge.b[0] - edge.a[0]) * k;
  const dy = edge.b[1] - edge.a[1];
  const length = Math.hypot(dx, dy) || 1;
  const off = metres / 111_320;
  const nx = ((-dy / length) * off) / k;
  const ny = (dx / length) * off;
  return [
    [mx + nx, my + ny],
    [mx - nx, my - ny],
  ];
}

const middle = (edge: Edge): Position => [(edge.a[0] + edge.b[0]) / 2, (edge.a[1] + edge.b[1]) / 2];

/**
 * The barangays around each barangay: those whose bounding box comes within about 100 m of its own, from any
 * town, found through a grid of 0.05° cells. Built once over the country.
 */
export function barangaysAround(all: Member[]): (barangay: Member) => Member[] {
  const CELL = 0.05;
  const MARGIN = 0.001;
  const boxes = new Map(all.map((m) => [m, boxOf(m.shape)]));
  const cells = new Map<string, Member[]>();
  for (const [m, [x0, y0, x1, y1]] of boxes) {
    for (let i = Math.floor(x0 / CELL); i <= Math.floor(x1 / CELL); i++) {
      for (let j = Math.floor(y0 / CELL); j <= Math.floor(y1 / CELL); j++) {
        const key = `${i},${j}`;
        const list = cells.get(key);
        if (list) list.push(m);
        else cells.set(key, [m]);
      }
    }
  }
  return (barangay) => {
    const [x0, y0, x1, y1] = boxes.get(barangay) ?? boxOf(barangay.shape);
    const found = new Set<Member>();
    for (let i = Math.floor((x0 - MARGIN) / CELL); i <= Math.floor((x1 + MARGIN) / CELL); i++) {
      for (let j = Math.floor((y0 - MARGIN) / CELL); j <= Math.floor((y1 + MARGIN) / CELL); j++) {
        for (const m of cells.get(`${i},${j}`) ?? []) {
          const b = boxes.get(m)!;
          if (m.code !== barangay.code && b[0] <= x1 + MARGIN && x0 - MARGIN <= b[2] && b[1] <= y1 + MARGIN)
            if (y0 - MARGIN <= b[3]) found.add(m);
        }
      }
    }
    return [...found];
  };
}

/**
 * A coastal town's proper on the shore of its poblacion. When the barangay the town's point lies in reaches more
 * than SHORE_REACH_METRES from it and touches the sea, the town hall is most likely on that shore, where the town
 * began as a landing, not at the barangay's pole of inaccessibility: the point moves 100 m inland from the
 * barangay's stretch of shore nearest where its neighbours crowd it (the middle of its borders with other
 * barangays, each border weighted by its length and the neighbour's people per km²), for a town proper's
 * neighbours are its small, crowded barangays, and the countryside's are large and thin. The sea is an edge no
 * other barangay shares with nothing 30 m beyond it (a lake's shore counts too: Laguna's towns face the lake;
 * land no barangay covers does not, when it is given in `around`, as the build gives it).
 * Null when the barangay is small, inland, or no point 100 m (down to 10 m) inland of that shore is inside it.
 * `around` holds the barangays near it, of any town (barangaysAround).
 */
export function shorePoint(point: Position, barangay: Member, around: Member[]): [number, number] | null {
  const rings = ringsOf(barangay.shape);
  const reach = Math.max(...rings.flat().map((v) => metresBetween(point, v)));
  if (reach <= SHORE_REACH_METRES) return null;

  const owners = new Map<string, Member[]>();
  for (const m of around) {
    for (const ring of ringsOf(m.shape)) {
      for (let i = 1; i < ring.length; i++) {
        const key = edgeKey(ring[i - 1], ring[i]);
        const list = owners.get(key);
        if (list) list.push(m);
        else owners.set(key, [m]);
      }
    }
  }
  const crowding = new Map<Member, number>();
  const density = (m: Member) => {
    if (!crowding.has(m)) crowding.set(m, (m.population ?? 0) / (squareDegrees(m.shape) || Number.MIN_VALUE));
    return crowding.get(m)!;
  };
  const onLand = (p: [number, number]) => around.some((m) => booleanPointInPolygon(p, m.shape));

  const shore: Edge[] = [];
  let [sx, sy, sw] = [0, 0, 0];
  for (const ring of rings) {
    for (let i = 1; i < ring.length; i++) {
      const edge = { a: ring[i - 1], b: ring[i] };
      const length = metresBetween(edge.a, edge.b);
      if (!length) continue;
      const others = owners.get(edgeKey(edge.a, edge.b));
      if (others) {
        const [x, y] = middle(edge);
        for (const m of others) {
          const w = length * density(m);
          sx += x * w;
          sy += y * w;
          sw += w;
        }
        continue;
      }
      const [left, right] = beside(edge, PROBE_METRES);
      const outside = booleanPointInPolygon(left, barangay.shape) ? right : left;
      if (!booleanPointInPolygon(outside, barangay.shape) && !onLand(outside)) shore.push(edge);
    }
  }
  if (!shore.length) return null;
  const crowded: Position = sw ? [sx / sw, sy / sw] : point;
  let nearest = shore[0];
  let nearestMetres = Infinity;
  for (const edge of shore) {
    const d = metresBetween(middle(edge), crowded);
    if (d < nearestMetres) [nearest, nearestMetres] = [edge, d];
  }
  for (const metres of [INLAND_METRES, INLAND_METRES / 2, INLAND_METRES / 4, 10]) {
    for (const p of beside(nearest, metres)) {
      const rounded: [number, number] = [Math.round(p[0] * 1e5) / 1e5, Math.round(p[1] * 1e5) / 1e5];
      if (booleanPointInPolygon(rounded, barangay.shape, { ignoreBoundary: true })) return rounded;
    }
  }
  return null;
}
