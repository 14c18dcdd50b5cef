/**
 * What a change of the created records draws: the outlines of the units it makes and of those it
 * takes places from, drawn before the change is stored, so a failure stores nothing and every answer after reads
 * them drawn, on the snapshot of the records as they would be (Writes.placesWith); and the units a preview
 * (`?dry_run=true`) proposes.
 */

import type { MultiPolygon } from 'geojson';
import { regionCodeOf } from '../../contract/psgc.ts';
import type { DetailLevel } from '../../contract/types.ts';
import { DETAILS } from '../../dataset/types.ts';
import { badParam } from '../errors.ts';
import type { Places } from '../places.ts';
import type { CreatedProvince, CreatedRegion, NewProvince, NewRegion } from '../store.ts';

/**
 * A new region or province as a preview proposes it and a save draws it, before the store numbers it: beside the
 * records as they stand (Writes.placesWith), it is the last of its kind in the snapshot.
 */
export const proposedRegion = (region: NewRegion): CreatedRegion => ({ ...region, numericId: -1 });
export const proposedProvince = (province: NewProvince): CreatedProvince => ({
  ...province,
  numericId: -1,
  id: 'preview',
});

/** Regions whose outline a region's members change: the new one and those they leave. */
export function regionsTouched(places: Places, stringId: string, areas: string[]) {
  const from = new Set(areas.map(regionCodeOf));
  return places.regions.filter((r) => r.stringId === stringId || (r.psgc && from.has(r.psgc)));
}

/**
 * Draws, at the details asked, the outlines a change of the records makes: the regions' (or a province's and its
 * former parents') on `places`, the snapshot with the change. They are kept by what they are made of, so the
 * answers after the save read them drawn.
 */
export function drawRegionChange(
  places: Places,
  stringId: string,
  areas: string[],
  details: readonly DetailLevel[] = DETAILS,
) {
  const touched = regionsTouched(places, stringId, areas);
  return drawnAt(details, touched, (detail) => places.regionOutlines(touched, detail));
}

export function drawProvinceChange(
  places: Places,
  provinceId: string,
  towns: string[],
  details: readonly DetailLevel[] = DETAILS,
) {
  const fromIds = new Set(towns.map((t) => places.town(t)?.province));
  const touched = places.provinces.filter((p) => p.id === provinceId || fromIds.has(p.id));
  return drawnAt(details, touched, (detail) => places.provinceOutlines(touched, detail));
}

/** Each unit with its outline, by detail, the details drawn one after another. */
async function drawnAt<T>(
  details: readonly DetailLevel[],
  units: readonly T[],
  draw: (detail: DetailLevel) => Promise<(MultiPolygon | null)[]>,
) {
  const out = new Map<DetailLevel, { unit: T; geometry: MultiPolygon | null }[]>();
  for (const detail of details) {
    const shapes = await draw(detail);
    out.set(
      detail,
      units.map((unit, i) => ({ unit, geometry: shapes[i] })),
    );
  }
  return out;
}

/** `?dry_run=true`: what a create would do, drawn at `geometry` (simple by default), nothing stored. */
export const isDryRun = (url: URL | undefined) => {
  const value = url?.searchParams.get('dry_run');
  if (value === null || value === undefined || value === 'false') return false;
  if (value === 'true' || value === '1' || value === '') return true;
  throw badParam('dry_run', 'dry_run must be true or false');
};
