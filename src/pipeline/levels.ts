import type { Feature } from 'geojson';
import type { GeoLevel } from '../dataset/types.ts';
import { dissolveLevels, type PlacedProps, type Shape, type SimplifiedBarangays } from './geometry.ts';
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
 * Rounds the simplified barangays (protecting the smallest first, so none collapses), then dissolves every
 * level above from them. All levels are made of the same rounded coordinates, so they nest exactly.
 */
export async function buildLevels(
  simplified: SimplifiedBarangays,
  decimals: number,
  place: Placement,
): Promise<LevelShapes> {
  const rounder = new Rounder(decimals);
  for (const shape of simplified.barangays.values()) rounder.protect(shape);
  for (const shape of simplified.unassigned.values()) rounder.protect(shape);

  const placed = (code: string | null, municity: string, shape: Shape): Feature<Shape, PlacedProps> => {
    const area = place.areaOf(municity);
    return {
      type: 'Feature',
      properties: { code, municity, area, region: place.regionOf(area) },
      geometry: shape,
    };
  };
  const features: Feature<Shape, PlacedProps>[] = [];
  for (const [code, raw] of simplified.barangays) {
    features.push(placed(code, place.municityOf(code), rounder.round(raw)));
  }
  const unassigned = new Map<string, { municity: string; shape: Shape }>();
  for (const [name, raw] of simplified.unassigned) {
    const entry = { municity: place.unassignedIn(name), shape: rounder.round(raw) };
    unassigned.set(name, entry);
    features.push(placed(null, entry.municity, entry.shape));
  }

  const dissolved = await dissolveLevels(features);
  return {
    barangays: dissolved.barangays,
    municities: dissolved.municities,
    provinces: dissolved.areas,
    regions: dissolved.regions,
    unassigned,
    refinedRings: rounder.refined,
  };
}
