import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import type { DetailLevel, RegionFeatureCollection } from './types.ts';

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

export const regionQueries = {
  all: () => ['regions'] as const,
  shapes: (level: DetailLevel) =>
    queryOptions({
      queryKey: [...regionQueries.all(), 'shapes', { level }] as const,
      queryFn: ({ signal }) => fetchRegionShapes(level, signal),
    }),
};
