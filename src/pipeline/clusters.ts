import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Position } from 'geojson';
import type { Shape } from './geometry.ts';

/**
 * How far apart two poblacion barangays may lie and still be one town proper. Towns whose centre is split by a
 * river or a highway strip of another barangay keep one cluster; Davao City's district poblacions (Toril,
 * Calinan, Paquibato…), 15 km and more from downtown, each make their own.
 */
export const CLUSTER_GAP_METRES = 1500;

/** A barangay taking part in a cluster. */
export interface Member {
  code: string;
  shape: Shape;
  population: number | null;
}

type XY = [number, number];
type Box = [number, number, number, number];

/** Metres per degree at the equator (east) and along a meridian (north); near enough at a town's scale. */
const M_PER_DEG_LNG = 111_320;
const M_PER_DEG_LAT = 110_574;

/** A shape's rings in local metres (x east, y north) around a reference latitude, and their box. */
interface Planar {
  shape: Shape;
  rings: XY[][];
  box: Box;
}

function planar(shape: Shape, lat0: number): Planar {
  const k = Math.cos((lat0 * Math.PI) / 180) * M_PER_DEG_LNG;
  const parts = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  const rings = parts.flat().map((ring) =>
    ring.map(([lng, lat]): XY => {
      const p: XY = [lng * k, lat * M_PER_DEG_LAT];
      box[0] = Math.min(box[0], p[0]);
      box[1] = Math.min(box[1], p[1]);
      box[2] = Math.max(box[2], p[0]);
      box[3] = Math.max(box[3], p[1]);
      return p;
    }),
  );
  return { shape, rings, box };
}

const toPlanar = (p: Position, lat0: number): XY => [
  p[0] * Math.cos((lat0 * Math.PI) / 180) * M_PER_DEG_LNG,
  p[1] * M_PER_DEG_LAT,
];

/** Squared distance from p to the segment ab. */
function segment2(p: XY, a: XY, b: XY): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2)) : 0;
  const x = a[0] + t * dx - p[0];
  const y = a[1] + t * dy - p[1];
  return x * x + y * y;
}

const boxesNear = (a: Box, b: Box, gap: number) =>
  a[0] - gap <= b[2] && b[0] - gap <= a[2] && a[1] - gap <= b[3] && b[1] - gap <= a[3];

/** Whether a vertex of `from` lies within `gap` of an edge of `to` (boxes checked first, per vertex). */
function vertexNear(from: Planar, to: Planar, gap: number): boolean {
  const gap2 = gap * gap;
  for (const ring of from.rings) {
    for (const p of ring) {
      if (p[0] < to.box[0] - gap || p[0] > to.box[2] + gap || p[1] < to.box[1] - gap || p[1] > to.box[3] + gap)
        continue;
      for (const edges of to.rings) {
        for (let i = 1; i < edges.length; i++) if (segment2(p, edges[i - 1], edges[i]) <= gap2) return true;
      }
    }
  }
  return false;
}

/**
 * Whether two polygons touch or lie within `gap` metres of each other. Barangays of one topology never overlap,
 * and the closest points of two polygons whose edges do not cross include a vertex of one of them, so checking
 * vertices against edges both ways is exact; a polygon inside the other (an enclave) is caught by its first vertex.
 */
function near(a: Planar, b: Planar, gap: number): boolean {
  if (!boxesNear(a.box, b.box, gap)) return false;
  const first = (s: Shape) => (s.type === 'Polygon' ? s.coordinates[0][0] : s.coordinates[0][0][0]);
  if (booleanPointInPolygon(first(a.shape), b.shape) || booleanPointInPolygon(first(b.shape), a.shape)) return true;
  return vertexNear(a, b, gap) || vertexNear(b, a, gap);
}

const latitudeOf = (members: Member[]) => {
  const s = members[0]?.shape;
  return s ? (s.type === 'Polygon' ? s.coordinates[0][0][1] : s.coordinates[0][0][0][1]) : 0;
};

/**
 * Groups barangays that touch or lie within `gap` metres of each other, directly or through others of the
 * group (single linkage). Groups and their members keep the order given.
 */
export function clusterShapes(members: Member[], gap = CLUSTER_GAP_METRES): Member[][] {
  const lat0 = latitudeOf(members);
  const flat = members.map((m) => planar(m.shape, lat0));
  const root = members.map((_, i) => i);
  const find = (i: number): number => {
    while (root[i] !== i) {
      root[i] = root[root[i]];
      i = root[i];
    }
    return i;
  };
  for (let i = 0; i < members.length; i++) {
    for (let j = i + 1; j < members.length; j++) {
      if (find(i) !== find(j) && near(flat[i], flat[j], gap)) root[find(j)] = find(i);
    }
  }
  const groups = new Map<number, Member[]>();
  members.forEach((m, i) => {
    const r = find(i);
    groups.set(r, [...(groups.get(r) ?? []), m]);
  });
  return [...groups.values()];
}

const populationOf = (cluster: Member[]) => cluster.reduce((sum, m) => sum + (m.population ?? 0), 0);

/**
 * The main cluster: the one with the most barangays, then the most people (2020), then the one holding the
 * lowest code, so a build always picks the same one.
 */
export function mainCluster(members: Member[], gap = CLUSTER_GAP_METRES): Member[] {
  const lowest = (c: Member[]) => c.reduce((min, m) => (m.code < min ? m.code : min), c[0].code);
  const clusters = clusterShapes(members, gap);
  clusters.sort((a, b) => b.length - a.length || populationOf(b) - populationOf(a) || (lowest(a) < lowest(b) ? -1 : 1));
  return clusters[0] ?? [];
}

/** Distance in metres from a point to a polygon: 0 inside it or on its edge. */
export function pointToShape(point: Position, shape: Shape): number {
  if (booleanPointInPolygon(point, shape)) return 0;
  const lat0 = point[1];
  const p = toPlanar(point, lat0);
  let best = Infinity;
  for (const ring of planar(shape, lat0).rings) {
    for (let i = 1; i < ring.length; i++) best = Math.min(best, segment2(p, ring[i - 1], ring[i]));
  }
  return Math.sqrt(best);
}

/** Great-circle distance in metres between two [lng, lat] points (haversine). */
export function metresBetween(a: Position, b: Position): number {
  const rad = Math.PI / 180;
  const dLat = (b[1] - a[1]) * rad;
  const dLng = (b[0] - a[0]) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_008 * Math.asin(Math.sqrt(h));
}
