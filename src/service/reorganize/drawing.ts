/**
 * What a change of the created records draws: the outlines of the units it makes and of those it
 * takes places from, drawn before the change is stored, so a failure stores nothing and every answer after reads
 * them drawn; and the records and places a preview (`?dry_run=true`) answers from.
 */

import type { MultiPolygon } from 'geojson';
import { regionCodeOf } from '../../contract/psgc.ts';
import type { DetailLevel } from '../../contract/types.ts';
import { DETAILS } from '../../dataset/types.ts';
import type { ServiceContext } from '../context.ts';
import { badParam } from '../errors.ts';
import type { Places } from '../places.ts';
import type { CreatedRecords, NewProvince, NewRegion } from '../store.ts';

/** The records as they would be with one more region or province: what a preview and a save draw. */
export function recordsWith(
  ctx: ServiceContext,
  added: { region?: NewRegion; province?: NewProvince },
): CreatedRecords {
  const records = ctx.records;
  return {
    version: 1,
    regions: added.region ? [...records.regions, { ...added.region, numericId: -1 }] : records.regions,
    provinces: added.province
      ? [...records.provinces, { ...added.province, numericId: -1, id: 'preview' }]
      : records.provinces,
  };
}

/** Regions whose outline a region's members change: the new one and those they leave. */
export function regionsTouched(places: Places, stringId: string, areas: string[]) {
  const from = new Set(areas.map(regionCodeOf));
  return places.regions.filter((r) => r.stringId === stringId || (r.psgc && from.has(r.psgc)));
}

/**
 * Draws, at the details asked, the outlines a change of the records makes: the regions' (or a province's and its
 * former parents'). They are kept by what they are made of, so the answers after the save read them drawn.
 */
export async function drawRegionChange(
  ctx: ServiceContext,
  records: CreatedRecords,
  stringId: string,
  areas: string[],
  details: readonly DetailLevel[] = DETAILS,
) {
  const places = ctx.placesWith(records);
  const touched = regionsTouched(places, stringId, areas);
  return { places, out: await drawnAt(details, touched, (detail) => places.regionOutlines(touched, detail)) };
}

export async function drawProvinceChange(
  ctx: ServiceContext,
  records: CreatedRecords,
  provinceId: string,
  towns: string[],
  details: readonly DetailLevel[] = DETAILS,
) {
  const places = ctx.placesWith(records);
  const fromIds = new Set(towns.map((t) => places.town(t)?.province));
  const touched = places.provinces.filter((p) => p.id === provinceId || fromIds.has(p.id));
  return { places, out: await drawnAt(details, touched, (detail) => places.provinceOutlines(touched, detail)) };
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
