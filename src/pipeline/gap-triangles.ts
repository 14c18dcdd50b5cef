import earcut, { refine } from 'earcut';
import type { Position } from 'geojson';
import { METRES_PER_DEGREE } from './gap-holes.ts';
import { mergeRings } from './merge-rings.ts';

type Ring = Position[];

/** The distance from p to the segment ab, in degrees of latitude (x scaled by k). */
function segmentDistance(p: Position, a: Position, b: Position, k: number): number {
  const [ax, ay, bx, by, px, py] = [a[0] * k, a[1], b[0] * k, b[1], p[0] * k, p[1]];
  const [dx, dy] = [bx - ax, by - ay];
  const length2 = dx * dx + dy * dy;
  const t = length2 ? Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length2)) : 0;
  return Math.hypot(px - ax - t * dx, py - ay - t * dy);
}

/**
 * Triangulates one gap and divides it among its banks: the polygons its outline's edges lie on. `rings` are
 * the gap's outline and its islands, open; `ids` names each of their vertices (the same number for the same
 * point, under `firstFreeId`, which is where the names of new points start); `ownerOf(a, b)` is the polygon
 * the edge between vertices a and b lies on, if it is an edge of one. Returns each bank's part as open rings,
 * and the area triangulated (m²).
 */
export function divideGap(
  rings: Ring[],
  ids: number[],
  ownerOf: (a: number, b: number) => number | undefined,
  firstFreeId: number,
): { parts: Map<number, Ring[]>; area: number } {
  const points = rings.flat();
  // Triangulate on a local plane in metres, so that "Delaunay" means what it does on the ground.
  const [x0, y0] = points[0];
  const k = Math.cos((y0 * Math.PI) / 180);
  const flat = points.flatMap(([x, y]) => [(x - x0) * k * METRES_PER_DEGREE, (y - y0) * METRES_PER_DEGREE]);
  // Each vertex's banks (the polygons of the outline's edges at it) and neighbours along the outline, by id:
  // where the outline touches itself or an island touches it, earcut may use either copy of the vertex.
  const banksOf = new Map<number, number[]>();
  const neighbours = new Map<number, Position[]>();
  const holeIndices: number[] = [];
  let start = 0;
  const note = (id: number, owner: number | undefined, neighbour: Position) => {
    let banks = banksOf.get(id);
    if (!banks) {
      banks = [];
      banksOf.set(id, banks);
    }
    if (owner !== undefined && !banks.includes(owner)) banks.push(owner);
    const near = neighbours.get(id);
    if (near) near.push(neighbour);
    else neighbours.set(id, [neighbour]);
  };
  for (const [r, ring] of rings.entries()) {
    if (r > 0) holeIndices.push(start);
    for (let i = 0; i < ring.length; i++) {
      const j = (i + 1) % ring.length;
      const [a, b] = [ids[start + i], ids[start + j]];
      const owner = ownerOf(a, b);
      note(a, owner, ring[j]);
      note(b, owner, ring[i]);
    }
    start += ring.length;
  }
  const triangles = earcut(flat, holeIndices);
  refine(triangles, flat);

  const banks = (v: number) => banksOf.get(ids[v]) ?? [];
  // The bank an edge of a triangle lies on whole: the polygon of an edge of the outline, or a bank both ends
  // share.
  const wholeBank = (a: number, b: number): number | undefined => {
    const owner = ownerOf(ids[a], ids[b]);
    if (owner !== undefined) return owner;
    const common = banks(a).filter((o) => banks(b).includes(o));
    return common.length ? Math.min(...common) : undefined;
  };
  // Any other edge runs between two banks, and is cut where it is as far from one as from the other, taking
  // each bank as the outline's edges at that end: on two straight banks, a point of the median line. Worked
  // out once per edge, so the triangles on either side of it cut it at the same point.
  const fromBank = (p: Position, v: number) =>
    Math.min(...(neighbours.get(ids[v]) ?? []).map((b) => segmentDistance(p, points[v], b, k)));
  const cuts = new Map<number, Position>();
  const cut = (i: number, j: number): Position => {
    const [a, b] = ids[i] < ids[j] ? [i, j] : [j, i];
    const key = ids[a] * 0x4000000 + ids[b];
    let point = cuts.get(key);
    if (!point) {
      const [pa, pb] = [points[a], points[b]];
      const [ha, hb] = [fromBank(pb, a), fromBank(pa, b)];
      const t = ha + hb > 0 ? hb / (ha + hb) : 0.5;
      point = [pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t];
      cuts.set(key, point);
    }
    return point;
  };

  let area = 0;
  const triangleParts = new Map<number, Ring[]>();
  for (let t = 0; t < triangles.length; t += 3) {
    const v = [triangles[t], triangles[t + 1], triangles[t + 2]];
    const [p, q, r] = [2 * v[0], 2 * v[1], 2 * v[2]];
    area +=
      Math.abs((flat[q] - flat[p]) * (flat[r + 1] - flat[p + 1]) - (flat[q + 1] - flat[p + 1]) * (flat[r] - flat[p])) /
      2;
    const whole = [wholeBank(v[0], v[1]), wholeBank(v[1], v[2]), wholeBank(v[2], v[0])];
    const corners = [points[v[0]], points[v[1]], points[v[2]]];
    const parts = divideTriangle(
      corners,
      whole,
      (c) => banks(v[c])[0],
      (e) => cut(v[e], v[(e + 1) % 3]),
      k,
    );
    for (const [owner, ring] of parts) {
      const own = triangleParts.get(owner);
      if (own) own.push(ring);
      else triangleParts.set(owner, [ring]);
    }
  }
  // Names for the points the parts are made of: the vertices' own, then new ones.
  const names = new Map<Position, number>(points.map((p, i) => [p, ids[i]]));
  const nameOf = (p: Position) => {
    let id = names.get(p);
    if (id === undefined) {
      id = firstFreeId + names.size;
      names.set(p, id);
    }
    return id;
  };
  const parts = new Map<number, Ring[]>();
  for (const [owner, own] of triangleParts) parts.set(owner, mergeRings(own, nameOf) ?? own);
  return { parts, area };
}

/**
 * Divides a triangle of a gap among the banks of its corners, each bank getting about the part nearest it.
 * `whole[e]` is the bank that edge e (corner e to corner e+1) lies on whole, if any: an edge of the gap's
 * outline, or a diagonal whose two ends share a bank. Any other edge runs between two banks and is cut at
 * `cutOf(e)` (by default its midpoint). Walking round the triangle gives runs of boundary, each owned by one
 * bank. If the runs change hands only at such cuts, twice (a triangle across a strip, its base on one bank and
 * its apex on the other), the chord between the two cuts divides it: the strip's middle. Otherwise each run's
 * part reaches to the incentre, so a whole edge gets the part of the triangle nearer to it than to the other
 * edges (the angle bisectors meet there). `xScale` (the cosine of the latitude) makes lengths true on the
 * ground. Returns each bank's part as an open ring.
 */
export function divideTriangle(
  corners: Position[],
  whole: (number | undefined)[],
  bankOf: (corner: number) => number | undefined,
  cutOf: (edge: number) => Position = (e) => midpoint(corners[e], corners[(e + 1) % 3]),
  xScale = 1,
): [number, Ring][] {
  // A corner's bank in this triangle: that of a whole edge at it, else its own (the first, at a junction).
  const ownerAt = (c: number) => whole[c] ?? whole[(c + 2) % 3] ?? bankOf(c);
  // The boundary as segments, each given by its start, its owner, and whether it starts at a cut.
  const walk: { at: Position; owner: number | undefined; cut: boolean }[] = [];
  for (let e = 0; e < 3; e++) {
    if (whole[e] !== undefined) walk.push({ at: corners[e], owner: whole[e], cut: false });
    else {
      walk.push({ at: corners[e], owner: ownerAt(e), cut: false });
      walk.push({ at: cutOf(e), owner: ownerAt((e + 1) % 3), cut: true });
    }
  }
  const n = walk.length;
  const changes = walk.flatMap((s, i) => (s.owner !== walk[(i + n - 1) % n].owner ? [i] : []));
  if (!changes.length) return walk[0].owner === undefined ? [] : [[walk[0].owner, corners]];
  const chord = changes.length === 2 && changes.every((i) => walk[i].cut);
  // The incentre: the corners weighted by the lengths of the sides opposite them.
  const weights = [0, 1, 2].map((c) => {
    const [a, b] = [corners[(c + 1) % 3], corners[(c + 2) % 3]];
    return Math.hypot((a[0] - b[0]) * xScale, a[1] - b[1]);
  });
  const total = weights[0] + weights[1] + weights[2];
  const centre = [0, 1].map(
    (k) => (weights[0] * corners[0][k] + weights[1] * corners[1][k] + weights[2] * corners[2][k]) / total,
  );
  const parts: [number, Ring][] = [];
  changes.forEach((from, k) => {
    const to = changes[(k + 1) % changes.length];
    const owner = walk[from].owner;
    const ring: Ring = [];
    for (let i = from; ; i = (i + 1) % n) {
      ring.push(walk[i].at);
      if (i === to) break;
    }
    if (!chord) ring.push(centre);
    if (owner !== undefined) parts.push([owner, ring]);
  });
  return parts;
}

const midpoint = (a: Position, b: Position): Position => [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
