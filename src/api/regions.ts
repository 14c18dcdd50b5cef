import { queryOptions, skipToken } from '@tanstack/react-query';
import type {
  DetailLevel,
  PageMeta,
  Region,
  RegionFeatureCollection,
  RegionNumeric,
  RegionString,
} from '../contract/types.ts';
import { apiFetch } from './client.ts';

/** All regions as GeoJSON at one detail, however the pages fall. */
async function fetchRegionShapes(level: DetailLevel, signal: AbortSignal): Promise<RegionFeatureCollection> {
  const features: RegionFeatureCollection['features'] = [];
  for (let page = 1; ; page++) {
    const collection = await apiFetch<RegionFeatureCollection>(
      `/v1/regions?geometry=${level}&output=geojson&limit=100&page=${page}`,
      { signal, download: `region boundaries (${level})` },
    );
    features.push(...collection.features);
    if (!collection.meta || page >= collection.meta.totalPages) break;
  }
  return { type: 'FeatureCollection', features };
}

/** Several regions at once (batch view), by PSGC code. */
async function fetchRegionBatch(codes: string[], level: DetailLevel, signal: AbortSignal) {
  return apiFetch<RegionFeatureCollection>('/v1/regions/search', {
    method: 'POST',
    body: { ids: codes, geometry: level, output: 'geojson' },
    signal,
    download: `region boundaries (${level})`,
  });
}

export const regionQueries = {
  all: () => ['regions'] as const,
  list: () =>
    queryOptions({
      queryKey: [...regionQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiFetch<{ data: RegionNumeric[]; meta: PageMeta }>('/v1/regions?limit=100', { signal }),
    }),
  /** The outlines at every detail. */
  allShapes: () => [...regionQueries.all(), 'shapes'] as const,
  shapes: (level: DetailLevel) =>
    queryOptions({
      queryKey: [...regionQueries.allShapes(), { level }] as const,
      queryFn: ({ signal }) => fetchRegionShapes(level, signal),
    }),
  /** Several regions drawn together; nothing is asked until at least one code is chosen. */
  batch: (codes: string[] | undefined, level: DetailLevel) =>
    queryOptions({
      queryKey: [...regionQueries.all(), 'batch', { codes, level }] as const,
      queryFn: codes?.length ? ({ signal }) => fetchRegionBatch(codes, level, signal) : skipToken,
    }),
};

export interface NewRegion {
  name: string;
  code: string;
}

/** POST /v1/regions: answers the created region in the string-id shape. */
export const createRegion = (region: NewRegion) =>
  apiFetch<RegionString>('/v1/regions', { method: 'POST', body: region });

/** Whether `id` is one of the region's ids (a province's `region_id` is the string id, lists may give either). */
export const hasRegionId = (region: Region, id: string) =>
  String(region.id) === id || ('string_id' in region && region.string_id === id);

/** The short code (NCR, IVA…) in either region shape. */
export const regionShortCode = (region: Region) => ('short_code' in region ? region.short_code : region.code);
