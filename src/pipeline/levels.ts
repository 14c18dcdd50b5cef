import type { Feature } from 'geojson';
import type { GeoLevel } from '../dataset/types.ts';
import { dissolveGroups, dissolveLevels, type PlacedProps, type Shape, type SimplifiedBarangays } from './geometry.ts';
import { Rounder } from './round.ts';

/** The polygons of every level at one detail, keyed by code. */
export type LevelShapes = Record<GeoLevel, Map<string, Shape>> & {
  /** Areas inside a city that are not barangays, by name, with the city they belong to. */
  unassigned: Map<string, { municity: string; shape: Shape }>;
  /** Rings that needed extra decimals to keep their shape. */
  refinedRings: number;
};

export interface Placement {
  municityOf: (barangay: string) => string;
  areaOf: (municity: string) => string;
  regionOf: (area: string) => string;
  unassignedIn: (name: string) => string;
}

/**
 * What one detail's levels leave for the next vintage built in the same run. The vintages share the simplified
 * polygons (the same objects, under other codes), so each one's rounded and cleaned form is the same, and a
 * group of them (a town, a province, a region) has the same union whatever the group is called.
 */
export interface LevelCache {
  /** Each simplified polygon, rounded, and as cleaned after rounding (null if cleaning emptied it). */
  shapes: Map<Shape, { id: number; rounded: Shape; cleaned: Shape | null }>;
  /** The union of a group of polygons, keyed by the sorted ids of its members. */
  unions: Map<string, Shape>;
  /** The decimals the polygons were rounded to: a cache is for its own detail only. */
  decimals: number;
  refinedRings: number;
}

interface Placed {
  raw: Shape;
  feature: Feature<Shape, PlacedProps>;
}

const LEVEL_KEYS = [
  ['municities', 'municity'],
  ['provinces', 'area'],
  ['regions', 'region'],
] as const;

/** The members of each group of the placed polygons, for one of the levels above the barangays. */
function groupsOf(placed: Placed[], key: 'municity' | 'area' | 'region'): Map<string, Placed[]> {
  const groups = new Map<string, Placed[]>();
  for (const p of placed) {
    const id = p.feature.properties[key];
    if (!id) continue;
    const members = groups.get(id);
    if (members) members.push(p);
    else groups.set(id, [p]);
  }
  return groups;
}

const keyOf = (members: Placed[], cache: LevelCache) =>
  members
    .map((m) => cache.shapes.get(m.raw)!.id)
    .sort((a, b) => a - b)
    .join(',');

/**
 * Rounds the simplified barangays (protecting the smallest first, so none collapses), then dissolves every
 * level above from them. All levels are made of the same rounded coordinates, so they nest exactly. Given the
 * cache of a vintage built from the same polygons, only the groups that vintage did not have are dissolved.
 */
export async function buildLevels(
  simplified: SimplifiedBarangays,
  decimals: number,
  place: Placement,
  previous?: LevelCache,
): Promise<{ levels: LevelShapes; cache: LevelCache }> {
  const raws = [...simplified.barangays.values(), ...simplified.unassigned.values()];
  const reusable =
    previous?.decimals === decimals &&
    raws.length === previous.shapes.size &&
    raws.every((r) => previous.shapes.has(r));
  const rounder = new Rounder(decimals);
  if (!reusable) for (const shape of raws) rounder.protect(shape);
  const rounded = (raw: Shape) => (reusable ? previous.shapes.get(raw)!.rounded : rounder.round(raw));

  const placedAt = (code: string | null, municity: string, raw: Shape, shape: Shape): Placed => {
    const area = place.areaOf(municity);
    return {
      raw,
      feature: { type: 'Feature', properties: { code, municity, area, region: place.regionOf(area) }, geometry: shape },
    };
  };
  const placed: Placed[] = [];
  for (const [code, raw] of simplified.barangays)
    placed.push(placedAt(code, place.municityOf(code), raw, rounded(raw)));
  const unassigned = new Map<string, { municity: string; shape: Shape }>();
  for (const [name, raw] of simplified.unassigned) {
    const entry = { municity: place.unassignedIn(name), shape: rounded(raw) };
    unassigned.set(name, entry);
    placed.push(placedAt(null, entry.municity, raw, entry.shape));
  }

  if (reusable) {
    const barangays = new Map<string, Shape>();
    for (const { raw, feature } of placed) {
      const cleaned = previous.shapes.get(raw)!.cleaned;
      if (feature.properties.code && cleaned) barangays.set(feature.properties.code, cleaned);
    }
    const levels = { barangays, unassigned, refinedRings: previous.refinedRings } as LevelShapes;
    // A town is made of its barangays, a province-level area of its towns, a region of its areas.
    const partsOf = (level: string, members: Placed[]): Shape[] => {
      if (level === 'municities') return members.flatMap(({ raw }) => previous.shapes.get(raw)!.cleaned ?? []);
      const [below, key] =
        level === 'provinces' ? (['municities', 'municity'] as const) : (['provinces', 'area'] as const);
      const ids = new Set(members.map(({ feature }) => feature.properties[key]));
      return [...ids].flatMap((id) => levels[below].get(id) ?? []);
    };
    for (const [level, key] of LEVEL_KEYS) {
      levels[level] = new Map();
      const missing = new Map<string, Shape[]>();
      for (const [id, members] of groupsOf(placed, key)) {
        const union = previous.unions.get(keyOf(members, previous));
        if (union) levels[level].set(id, union);
        else missing.set(id, partsOf(level, members));
      }
      // The groups this vintage has and the last did not: recoded units keep their members, so few.
      for (const [id, union] of await dissolveGroups(missing)) levels[level].set(id, union);
    }
    return { levels, cache: previous };
  }

  const dissolved = await dissolveLevels(placed.map((p) => p.feature));
  const levels: LevelShapes = {
    barangays: dissolved.barangays,
    municities: dissolved.municities,
    provinces: dissolved.areas,
    regions: dissolved.regions,
    unassigned,
    refinedRings: rounder.refined,
  };
  const cache: LevelCache = { shapes: new Map(), unions: new Map(), decimals, refinedRings: rounder.refined };
  placed.forEach(({ raw, feature }, id) => {
    cache.shapes.set(raw, { id, rounded: feature.geometry, cleaned: dissolved.cleaned[id] });
  });
  for (const [level, key] of LEVEL_KEYS) {
    for (const [id, members] of groupsOf(placed, key)) {
      const union = levels[level].get(id);
      if (union) cache.unions.set(keyOf(members, cache), union);
    }
  }
  return { levels, cache };
}
