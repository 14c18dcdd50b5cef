import type { MultiPolygon, Polygon, Position } from 'geojson';
import { MAX_GAP_WIDTH, METRES_PER_DEGREE, narrowHoles, polygonsOf, ringMetres } from './gap-holes.ts';
import { divideGap } from './gap-triangles.ts';

type Shape = Polygon | MultiPolygon;
type Ring = Position[];

/**
 * An edge of a gap longer than twice the gap's width, and than 100 m, is given vertices that far apart, on the
 * gap and on the polygon it borders, so that triangles reach across the gap rather than along it: a bank drawn
 * as one long straight edge would otherwise get only the one triangle on it, and a neighbour at its far end
 * the rest (the slivers between files run for kilometres without a vertex).
 */
const DENSIFY = { widths: 2, minSpacing: 100 };

export interface GapReport {
  /** Holes of the union narrower than the limit, and how many of them were split among their banks. */
  narrow: number;
  filled: number;
  /** Holes left open: wider than the limit (lakes), or (none expected) with no bank found. */
  wide: number;
  unowned: number;
  /** Total area given to the banks, m². */
  area: number;
  /** Vertices added along long edges. */
  added: number;
  /** Gaps whose triangles do not add up to their area within 0.1% (earcut met a degenerate outline). */
  badTriangulations: number;
}

/** Polygons (each `[outer ring]`) of gap given to each shape, by its index. */
export type Pieces = Map<number, Position[][][]>;

/** Vertex ids by exact coordinates, in nested maps (numbers make faster keys than strings). */
class VertexIds {
  private readonly byX = new Map<number, Map<number, number>>();
  size = 0;
  add([x, y]: Position): number {
    let byY = this.byX.get(x);
    if (!byY) {
      byY = new Map();
      this.byX.set(x, byY);
    }
    let id = byY.get(y);
    if (id === undefined) {
      id = this.size++;
      byY.set(y, id);
    }
    return id;
  }
  get([x, y]: Position): number | undefined {
    return this.byX.get(x)?.get(y);
  }
}

/** A directed edge between two vertex ids (each under 2^26), as a number. */
const edgeKey = (a: number, b: number) => a * 0x4000000 + b;

/** The ring without its closing vertex. */
const open = (ring: Ring) => ring.slice(0, -1);

/**
 * Splits the narrow holes of the union of a mosaic of polygons among the polygons that line them.
 *
 * The source files leave gaps between barangays, up to about 200 m wide, mostly between neighbouring files.
 * mapshaper's `-clean` gives a whole connected gap to the polygon with the longest border on it, so a gap far
 * from a barangay went to it through a long seam (a 1.3 km spike of Salaysay, Davao City, between Magsaysay and
 * Arakan), and gaps wider than its automatic limit (about 33 m) stayed open, showing as sea between towns.
 *
 * Here each hole of the union whose 2·area/perimeter is under `maxWidth` (gap-holes.ts) is triangulated and
 * divided among its banks, the polygons its edges lie on, along the line midway between them (gap-triangles.ts),
 * so each polygon gets the part of the gap nearest it, as a median line between two shores does.
 *
 * `shapes` must be a clean mosaic (mapshaper's `-clean gap-width=0`), and `union` their union as mapshaper
 * writes it in the same session, so the holes' vertices are the polygons' own. Returns the shapes (copies where
 * an edge took vertices) and the pieces, which share their vertices with them and each other exactly, so a
 * dissolve on the polygon merges them without repair (`withPieces`).
 */
export function splitGaps(
  shapes: Shape[],
  union: Shape,
  maxWidth = MAX_GAP_WIDTH,
): { shapes: Shape[]; pieces: Pieces; report: GapReport } {
  const { gaps, wide } = narrowHoles(union, maxWidth);
  const report: GapReport = {
    narrow: gaps.length,
    filled: 0,
    wide,
    unowned: 0,
    area: 0,
    added: 0,
    badTriangulations: 0,
  };
  const pieces: Pieces = new Map();
  if (!gaps.length) return { shapes, pieces, report };

  // Which polygon each edge of a gap lies on: index the gaps' vertices, then walk every polygon's rings for
  // segments between two of them.
  const ids = new VertexIds();
  for (const gap of gaps) for (const ring of [gap.ring, ...gap.islands]) for (const p of ring) ids.add(p);
  const owners = new Map<number, number>();
  const own = (a: number, b: number, owner: number) => {
    owners.set(edgeKey(a, b), owner);
    owners.set(edgeKey(b, a), owner);
  };
  shapes.forEach((shape, owner) => {
    for (const ring of polygonsOf(shape).flat()) {
      let a = ids.get(ring[0]);
      for (let i = 1; i < ring.length; i++) {
        const b = ids.get(ring[i]);
        if (a !== undefined && b !== undefined) own(a, b, owner);
        a = b;
      }
    }
  });
  const ownerOf = (a: number, b: number) => owners.get(edgeKey(a, b));

  // The vertices added along an edge of a gap (keyed as the gap runs), for its polygon to take too.
  const added = new Map<number, Position[]>();
  const patched = new Set<number>();
  for (const gap of gaps) {
    const k = Math.cos((gap.ring[0][1] * Math.PI) / 180);
    const spacing = Math.max(DENSIFY.widths * gap.width, DENSIFY.minSpacing);
    const densify = (ring: Ring): Ring => {
      const out: Ring = [];
      for (let i = 0; i < ring.length; i++) {
        const [a, b] = [ring[i], ring[(i + 1) % ring.length]];
        out.push(a);
        const [ia, ib] = [ids.get(a)!, ids.get(b)!];
        const owner = ownerOf(ia, ib);
        const parts = Math.ceil((Math.hypot((b[0] - a[0]) * k, b[1] - a[1]) * METRES_PER_DEGREE) / spacing);
        if (parts <= 1 || owner === undefined) continue;
        const between: Position[] = [];
        let from = ia;
        for (let j = 1; j < parts; j++) {
          const p = [a[0] + ((b[0] - a[0]) * j) / parts, a[1] + ((b[1] - a[1]) * j) / parts];
          const id = ids.add(p);
          own(from, id, owner);
          between.push(p);
          out.push(p);
          from = id;
        }
        own(from, ib, owner);
        added.set(edgeKey(ia, ib), between);
        patched.add(owner);
        report.added += between.length;
      }
      return out;
    };
    const rings = [gap.ring, ...gap.islands].map((ring) => densify(open(ring)));
    const vertexIds = rings.flat().map((p) => ids.get(p)!);
    const { parts, area } = divideGap(rings, vertexIds, ownerOf, ids.size);
    for (const [owner, given] of parts) {
      const list = pieces.get(owner) ?? [];
      for (const ring of given) list.push([[...ring, ring[0]]]);
      pieces.set(owner, list);
    }
    if (parts.size) {
      report.filled++;
      report.area += area;
    } else report.unowned++;
    const expected = ringMetres(gap.ring).area - gap.islands.reduce((sum, ring) => sum + ringMetres(ring).area, 0);
    if (Math.abs(area - expected) > expected * 1e-3) report.badTriangulations++;
  }

  // The polygons take the vertices added on their edges, in their own direction.
  const patch = (ring: Ring): Ring => {
    const out: Ring = [ring[0]];
    let a = ids.get(ring[0]);
    for (let i = 1; i < ring.length; i++) {
      const b = ids.get(ring[i]);
      if (a !== undefined && b !== undefined) {
        const forward = added.get(edgeKey(a, b));
        const backward = forward ? undefined : added.get(edgeKey(b, a));
        if (forward) for (const p of forward) out.push(p);
        if (backward) for (let j = backward.length - 1; j >= 0; j--) out.push(backward[j]);
      }
      out.push(ring[i]);
      a = b;
    }
    return out;
  };
  const patchedShapes = shapes.map((shape, i): Shape => {
    if (!patched.has(i)) return shape;
    return shape.type === 'Polygon'
      ? { type: 'Polygon', coordinates: shape.coordinates.map(patch) }
      : { type: 'MultiPolygon', coordinates: shape.coordinates.map((p) => p.map(patch)) };
  });
  return { shapes: patchedShapes, pieces, report };
}

/** A shape with the pieces of gap given to it, as further parts, for a dissolve to merge. */
export function withPieces(shape: Shape, pieces: Position[][][] | undefined): Shape {
  if (!pieces?.length) return shape;
  return { type: 'MultiPolygon', coordinates: [...polygonsOf(shape), ...pieces] };
}
