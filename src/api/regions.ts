import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import type { DetailLevel, PageMeta, RegionFeatureCollection, RegionNumeric } from './types.ts';

/** All regions as GeoJSON at one detail, however the pages fall. */
async function fetchRegionShapes(level: DetailLevel, signal: AbortSignal): Promise<RegionFeatureCollection> {
  const features: RegionFeatureCollection['features'] = [];
  for (let page = 1; ; page++) {
    const collection = await apiFetch<RegionFeatureCollection>(
      `/v1/regions?geometry=${level}&output=geojson&limit=100&page=${page}`,
      { signal },
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
  });
}

export const regionQueries = {
  all: () => ['regions'] as const,
  list: () =>
    queryOptions({
      queryKey: [...regionQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => apiFetch<{ data: RegionNumeric[]; meta: PageMeta }>('/v1/regions?limit=100', { signal }),
    }),
  shapes: (level: DetailLevel) =>
    queryOptions({
      queryKey: [...regionQueries.all(), 'shapes', { level }] as const,
      queryFn: ({ signal }) => fetchRegionShapes(level, signal),
    }),
  batch: (codes: string[], level: DetailLevel) =>
    queryOptions({
      queryKey: [...regionQueries.all(), 'batch', { codes, level }] as const,
      queryFn: ({ signal }) => fetchRegionBatch(codes, level, signal),
    }),
};
