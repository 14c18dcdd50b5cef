import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { MultiPolygon } from 'geojson';
import { regionPsgcCode, regionStringId } from '../contract/region-shape.ts';
import type {
  DetailLevel,
  PageMeta,
  Region,
  RegionFeatureCollection,
  RegionNumeric,
  RegionString,
} from '../contract/types.ts';
import { apiFetch, apiFetchStamped } from './client.ts';

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
      // With the code list the service answered from, which the panel names.
      queryFn: async ({ signal }) => {
        const answer = await apiFetchStamped<{ data: RegionNumeric[]; meta: PageMeta }>('/v1/regions?limit=100', {
          signal,
        });
        return { ...answer.body, vintage: answer.vintage };
      },
    }),
  /** The outlines at every detail. */
  allShapes: () => [...regionQueries.all(), 'shapes'] as const,
  /** While another detail loads, the last one stands in: the map keeps its regions, in their colours. */
  shapes: (level: DetailLevel) =>
    queryOptions({
      queryKey: [...regionQueries.allShapes(), { level }] as const,
      queryFn: ({ signal }) => fetchRegionShapes(level, signal),
      placeholderData: keepPreviousData,
    }),
  /**
   * What creating a region would do (a dry run), drawn at one detail; nothing is asked until a region
   * is given. Kept by its body: the form's preview, the map's and the save's first step are one request.
   */
  preview: (region: NewRegion | null, level: DetailLevel) =>
    queryOptions({
      queryKey: [...regionQueries.all(), 'preview', { region, level }] as const,
      queryFn: region ? ({ signal }) => previewRegion(region, level, signal) : skipToken,
      // A refusal (a 409 for a place moved meanwhile) is an answer to show, not a failure to try again.
      retry: false,
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
  /** Provinces and independent cities (ids or PSGC codes) that move into it. */
  province_ids?: string[];
}

/** POST /v1/regions: answers the created region in the string-id shape. */
export const createRegion = (region: NewRegion) =>
  apiFetch<RegionString>('/v1/regions', { method: 'POST', body: region });

/** A member of a reorganization as the service names it. */
export interface MemberRef {
  id: string;
  code: string;
  name: string;
  kind: 'province' | 'city' | 'municipality';
}

/** What creating a region would do (POST /v1/regions?dry_run=true): nothing is stored. */
export interface RegionPreview {
  region: RegionString & { members: MemberRef[] };
  /** The new region and the regions its members leave, as they would be, drawn at the detail asked. */
  regions: (RegionString & { geometry: MultiPolygon | null; from?: boolean })[];
  moves: (MemberRef & { from: { id: string; name: string; code: string } | null })[];
}

export const previewRegion = (region: NewRegion, level: DetailLevel, signal?: AbortSignal) =>
  apiFetch<{ data: RegionPreview }>(`/v1/regions?dry_run=true&geometry=${level}`, {
    method: 'POST',
    body: region,
    signal,
  }).then((answer) => answer.data);

/** DELETE /v1/regions/{id}: a created region undone; its members go back where they were. */
export const deleteRegion = (id: string) =>
  apiFetch<{ data: { id: string; name: string } }>(`/v1/regions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** PATCH /v1/regions/{id}: a created region renamed or recoded. */
export const patchRegion = (id: string, change: { name?: string; code?: string }) =>
  apiFetch<RegionString>(`/v1/regions/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });

/**
 * `select` for regionQueries.list(): the regions in order, and each by every id it answers to (a province's
 * `region_id` is the string id in ours, the region's PSGC code on the live service (normalize.ts); lists may give
 * either); where two regions share an id, the first listed wins.
 */
export function indexRegions(page: { data: Region[] }): { list: Region[]; byId: ReadonlyMap<string, Region> } {
  const byId = new Map<string, Region>();
  for (const region of page.data) {
    for (const id of [String(region.id), regionStringId(region), regionPsgcCode(region)]) {
      if (id != null && !byId.has(id)) byId.set(id, region);
    }
  }
  return { list: page.data, byId };
}
