import type { Polygon, Position } from 'geojson';
import { holesOf, insideRing, polygonsOf, ringMetres } from './gap-holes.ts';
import type { Shape } from './geometry.ts';
import { labelPoint } from './label-point.ts';
import { WATER_BODIES, type WaterBody } from './water-bodies.ts';

type Ring = Position[];

/**
 * A hole of the barangays' union that stays open after gap filling (gaps.ts fills those narrower than 220 m).
 * The map has no basemap: whatever no polygon covers is drawn in the background's colour, the sea's. So every
 * open hole is classed: `water` when it holds a named lake's point (water-bodies.ts), else `no-barangay`, land
 * that no barangay of the source boundaries covers (a wedge between towns whose borders the source draws apart,
 * a mountain range no town's polygon reaches), which the map draws as land of its own.
 */
export interface OpenHole {
  class: 'water' | 'no-barangay';
  /** The lake's name, for water. */
  name: string | null;
  /** The hole as a polygon of its own: its ring as the outer ring, the parts of the union inside it as holes. */
  shape: Polygon;
  areaKm2: number;
  /** A point well inside it, [lng, lat]. */
  point: [number, number];
}

const reversed = (ring: Ring): Ring => [...ring].reverse();

/** Every open hole of the union, classed as water (a listed lake lies in it) or land no barangay covers. */
export function classifyHoles(union: Shape, water: readonly WaterBody[] = WATER_BODIES): OpenHole[] {
  return holesOf(union)
    .map(({ ring, islands }): OpenHole => {
      // A hole runs the other way round from an outer ring: turned, it is the outer ring of a polygon of its own.
      const shape: Polygon = { type: 'Polygon', coordinates: [reversed(ring), ...islands.map(reversed)] };
      const area = ringMetres(ring).area - islands.reduce((sum, island) => sum + ringMetres(island).area, 0);
      // A lake's point in the hole, and not on an island inside it (Taal's Volcano Island is a part of the union).
      const lake = water.find((w) => insideRing(w.at, ring) && !islands.some((island) => insideRing(w.at, island)));
      return {
        class: lake ? 'water' : 'no-barangay',
        name: lake?.name ?? null,
        shape,
        areaKm2: Math.round(area / 1e4) / 100,
        point: labelPoint(shape),
      };
    })
    .sort((a, b) => b.areaKm2 - a.areaKm2);
}

/** The listed lakes that no open hole holds: covered by a barangay's polygon, or not in the boundaries at all. */
export function lakesNotFound(holes: OpenHole[], water: readonly WaterBody[] = WATER_BODIES): string[] {
  const found = new Set(holes.map((h) => h.name));
  return water.filter((w) => !found.has(w.name)).map((w) => w.name);
}

/**
 * Coordinates as one number, faster keys than strings: both rounded to 1e-5° (the finest detail's decimals),
 * which keeps the key under 2^53. Vertices closer than that share a key: at worst a town a metre from a hole
 * is named around it.
 */
const vertexKey = ([x, y]: Position) => Math.round((x + 180) * 1e5) * 2e7 + Math.round((y + 90) * 1e5);

/**
 * The units whose polygons share a vertex with each hole: the holes of a union dissolved from the same rounded
 * polygons are made of the units' own vertices. Returns, per hole, the codes around it in the order given.
 */
export function unitsAround(holes: { shape: Polygon }[], units: Map<string, Shape>): string[][] {
  const holeOf = new Map<number, number[]>();
  holes.forEach(({ shape }, i) => {
    for (const p of shape.coordinates[0]) {
      const key = vertexKey(p);
      const list = holeOf.get(key);
      if (!list) holeOf.set(key, [i]);
      else if (!list.includes(i)) list.push(i);
    }
  });
  const around: Set<string>[] = holes.map(() => new Set());
  for (const [code, shape] of units) {
    for (const polygon of polygonsOf(shape)) {
      for (const ring of polygon) {
        for (const p of ring) for (const i of holeOf.get(vertexKey(p)) ?? []) around[i].add(code);
      }
    }
  }
  return around.map((codes) => [...codes]);
}
