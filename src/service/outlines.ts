/**
 * The outlines a reorganization draws, by polyclip-ts (the polygon clipper turf's union uses): a
 * created unit is the union of its members; a former parent keeps the parts it did not lose. Every level of the
 * built data was dissolved from the same barangays (docs/data.md), so members share their borders vertex for
 * vertex: the union leaves no sliver along them, and what a parent keeps nests exactly with what it lost.
 *
 * A parent is not clipped as a whole. Its outline is a set of separate polygons (islands); each of its parts
 * lies in one of them. An island that lost nothing is kept as it is, one that lost everything is dropped, and
 * only an island that lost some of its parts is redrawn, as the union of those it kept. Negros was drawn whole in
 * Regions VI and VII alike, so the Negros Island Region costs one union and its parents almost nothing.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { MultiPolygon, Position } from 'geojson';
import { union as clipUnion, type Geom } from 'polyclip-ts';
import type { Shape } from '../contract/types.ts';
import { polygonsOf } from './outline-files.ts';

type Polygon = Position[][];

/** polyclip-ts types a position as a pair; GeoJSON's may carry more, which it ignores. */
const union = (first: Polygon, ...rest: Polygon[]): Polygon[] =>
  clipUnion(first as Geom, ...(rest as Geom[])) as Polygon[];
type Box = [number, number, number, number];

/**
 * The union of the shapes, or null for none. Only polygons whose boxes meet (directly or through others) are
 * given to the clipper together; an islet that touches nothing is kept as it is. The Bicol provinces' hundreds
 * of islets made a union of four provinces twice as slow as the mainland alone.
 */
export function unionOf(shapes: readonly Shape[]): MultiPolygon | null {
  const polygons = shapes.flatMap(polygonsOf);
  if (!polygons.length) return null;
  if (shapes.length === 1) return { type: 'MultiPolygon', coordinates: polygons };
  const out: Polygon[] = [];
  for (const group of touching(polygons)) {
    if (group.length === 1) out.push(group[0]);
    else out.push(...union(group[0], ...group.slice(1)));
  }
  return { type: 'MultiPolygon', coordinates: out };
}

/** The polygons in groups whose boxes overlap, by a sweep along x and a union-find. */
function touching(polygons: Polygon[]): Polygon[][] {
  const boxes = polygons.map((p) => boxOf(p[0]));
  const parent = polygons.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const order = boxes.map((_, i) => i).sort((a, b) => boxes[a][0] - boxes[b][0]);
  const open: number[] = [];
  for (const i of order) {
    const box = boxes[i];
    // Boxes that end before this one starts are closed for good.
    for (let k = open.length - 1; k >= 0; k--) if (boxes[open[k]][2] < box[0] - 1e-9) open.splice(k, 1);
    for (const j of open) {
      const other = boxes[j];
      if (other[1] <= box[3] + 1e-9 && box[1] <= other[3] + 1e-9) parent[find(i)] = find(j);
    }
    open.push(i);
  }
  const groups = new Map<number, Polygon[]>();
  polygons.forEach((polygon, i) => {
    const root = find(i);
    const group = groups.get(root);
    if (group) group.push(polygon);
    else groups.set(root, [polygon]);
  });
  return [...groups.values()];
}

export interface Part {
  shape: Shape;
  /** Moved out of the parent. */
  moved: boolean;
}

/** The parent's outline without the parts moved out of it; null if it lost them all. */
export function withoutMoved(parent: Shape, parts: readonly Part[]): MultiPolygon | null {
  const islands = polygonsOf(parent).map((polygon) => ({
    polygon,
    box: boxOf(polygon[0]),
    kept: [] as Polygon[],
    lost: false,
  }));
  const stray: Polygon[] = [];
  for (const part of parts) {
    for (const polygon of polygonsOf(part.shape)) {
      const island = islandOf(islands, polygon);
      if (!island) {
        if (!part.moved) stray.push(polygon);
        continue;
      }
      if (part.moved) island.lost = true;
      else island.kept.push(polygon);
    }
  }
  // A kept part not found in any island (it should not happen): everything kept is drawn again from its parts.
  if (stray.length) {
    const kept = parts.filter((p) => !p.moved).map((p) => p.shape);
    return unionOf(kept);
  }
  const out: Polygon[] = [];
  for (const island of islands) {
    if (!island.lost) out.push(island.polygon);
    else if (island.kept.length === 1) out.push(island.kept[0]);
    else if (island.kept.length) out.push(...union(island.kept[0], ...island.kept.slice(1)));
  }
  return out.length ? { type: 'MultiPolygon', coordinates: out } : null;
}

function boxOf(ring: Position[]): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of ring) {
    if (x < box[0]) box[0] = x;
    if (y < box[1]) box[1] = y;
    if (x > box[2]) box[2] = x;
    if (y > box[3]) box[3] = y;
  }
  return box;
}

const within = (inner: Box, outer: Box) =>
  inner[0] >= outer[0] - 1e-9 &&
  inner[1] >= outer[1] - 1e-9 &&
  inner[2] <= outer[2] + 1e-9 &&
  inner[3] <= outer[3] + 1e-9;

/**
 * The island a part's polygon lies in: the one whose box holds its box, and where several do (an island in
 * another's bay), the one holding most of its vertices (a vertex on a shared border counts as inside).
 */
function islandOf<T extends { polygon: Polygon; box: Box }>(islands: T[], polygon: Polygon): T | undefined {
  const box = boxOf(polygon[0]);
  const candidates = islands.filter((i) => within(box, i.box));
  if (candidates.length <= 1) return candidates[0];
  const ring = polygon[0];
  const step = Math.max(1, Math.floor(ring.length / 16));
  let best: T | undefined;
  let bestCount = -1;
  for (const island of candidates) {
    const shape = { type: 'Polygon' as const, coordinates: island.polygon };
    let count = 0;
    for (let i = 0; i < ring.length; i += step) if (booleanPointInPolygon(ring[i], shape)) count++;
    if (count > bestCount) {
      best = island;
      bestCount = count;
    }
  }
  return best;
}
