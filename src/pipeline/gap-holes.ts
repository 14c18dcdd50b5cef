import type { MultiPolygon, Polygon, Position } from 'geojson';

type Shape = Polygon | MultiPolygon;
type Ring = Position[];

/**
 * Holes of the barangays' union narrower than this (2·area/perimeter, in metres) are gaps the source files
 * leave between barangays, to be split among the barangays around them; wider ones stay holes. The gaps run up
 * to about 200 m wide, and a wedge between two straight borders in Atok, Benguet (430 m across its mouth)
 * measures 214 m. The narrowest natural holes measure more: a river between two towns of Bohol 225 m, the
 * crater lakes of San Pablo from 248 m (Lake Pandin).
 */
export const MAX_GAP_WIDTH = 220;

export const METRES_PER_DEGREE = (6371008.8 * Math.PI) / 180;

/** A ring's area (m²) and perimeter (m), on a plane scaled to its first vertex's latitude. */
export function ringMetres(ring: Ring): { area: number; perimeter: number } {
  const k = Math.cos((ring[0][1] * Math.PI) / 180);
  let sum = 0;
  let perimeter = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x0, y0] = ring[i - 1];
    const [x1, y1] = ring[i];
    sum += (x0 - x1) * (y0 + y1);
    perimeter += Math.hypot((x1 - x0) * k, y1 - y0);
  }
  return { area: (Math.abs(sum) / 2) * k * METRES_PER_DEGREE ** 2, perimeter: perimeter * METRES_PER_DEGREE };
}

/** The mean width of a closed ring: 2·area/perimeter, in metres (exact for a long strip of even width). */
export function ringWidth(ring: Ring): number {
  const { area, perimeter } = ringMetres(ring);
  return perimeter ? (2 * area) / perimeter : 0;
}

export const polygonsOf = (shape: Shape): Ring[][] =>
  shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boxOf(ring: Ring): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of ring) {
    box.minX = Math.min(box.minX, x);
    box.maxX = Math.max(box.maxX, x);
    box.minY = Math.min(box.minY, y);
    box.maxY = Math.max(box.maxY, y);
  }
  return box;
}

const within = (a: Box, b: Box) => a.minX >= b.minX && a.maxX <= b.maxX && a.minY >= b.minY && a.maxY <= b.maxY;

export function insideRing([x, y]: Position, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export interface Gap {
  /** The hole, as a closed ring. */
  ring: Ring;
  width: number;
  /** The outer rings of the parts of the union that lie inside the hole. */
  islands: Ring[];
}

/** Every hole of the union, with its width and the parts of the union inside it. */
export function holesOf(union: Shape): Gap[] {
  return withIslands(
    union,
    polygonsOf(union).flatMap((polygon) => polygon.slice(1).map((ring) => ({ ring, width: ringWidth(ring) }))),
  );
}

/** The holes of the union narrower than `maxWidth`, each with the parts of the union inside it, and how many are wider. */
export function narrowHoles(union: Shape, maxWidth: number): { gaps: Gap[]; wide: number } {
  const holes = polygonsOf(union).flatMap((polygon) =>
    polygon.slice(1).map((ring) => ({ ring, width: ringWidth(ring) })),
  );
  const narrow = holes.filter((hole) => hole.width < maxWidth);
  return { gaps: withIslands(union, narrow), wide: holes.length - narrow.length };
}

/** The holes, each with the outer rings of the parts of the union that lie inside it. */
function withIslands(union: Shape, holes: { ring: Ring; width: number }[]): Gap[] {
  const gaps = holes.map((hole) => ({ ...hole, islands: [] as Ring[], box: boxOf(hole.ring) }));
  const polygons = polygonsOf(union);
  // A grid of the gaps' boxes, to find the parts of the union inside a gap.
  const CELL = 0.01;
  const grid = new Map<string, (typeof gaps)[number][]>();
  for (const gap of gaps) {
    for (let cx = Math.floor(gap.box.minX / CELL); cx <= Math.floor(gap.box.maxX / CELL); cx++) {
      for (let cy = Math.floor(gap.box.minY / CELL); cy <= Math.floor(gap.box.maxY / CELL); cy++) {
        const key = `${cx},${cy}`;
        const list = grid.get(key);
        if (list) list.push(gap);
        else grid.set(key, [gap]);
      }
    }
  }
  for (const polygon of polygons) {
    const outer = polygon[0];
    const box = boxOf(outer);
    for (const gap of grid.get(`${Math.floor(box.minX / CELL)},${Math.floor(box.minY / CELL)}`) ?? []) {
      if (!within(box, gap.box)) continue;
      // A vertex of the part that is not on the gap's ring tells inside from outside.
      const onRing = new Set(gap.ring.map(([x, y]) => `${x},${y}`));
      const probe = outer.find(([x, y]) => !onRing.has(`${x},${y}`));
      if (probe && insideRing(probe, gap.ring)) gap.islands.push(outer);
    }
  }
  return gaps.map(({ box: _, ...gap }) => gap);
}
