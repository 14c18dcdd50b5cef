import { queryOptions, skipToken } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { DetailLevel, Province } from '../contract/types.ts';
import { apiFetch } from './client.ts';
import { detailOf, normalizeProvince, outlinesOf } from './normalize.ts';
import { fetchAll } from './pages.ts';
import { sameRecord } from './placeholder.ts';

export interface TownFeatureProps {
  code: string;
  name: string;
  level: string;
  id: number;
  type: 'City' | 'Municipal';
  independent: boolean;
}
/** A province's towns; one with no polygon has a null geometry. */
export type TownCollection = FeatureCollection<Polygon | MultiPolygon | null, TownFeatureProps>;

export const provinceQueries = {
  all: () => ['provinces'] as const,
  /** Every province the API lists, of every region. */
  list: () =>
    queryOptions({
      queryKey: [...provinceQueries.all(), 'list', {}] as const,
      queryFn: ({ signal }) => fetchAll<Province>('/v1/provinces', { signal }).then(provincesOf),
    }),
  /**
   * The provinces of one region; none until a region is chosen. The key holds null, not undefined, for no
   * region: a key hashes as JSON, which drops undefined, so `{ regionId: undefined }` was list()'s `{}`, and the
   * skipped query read every province in the cache (the map then fetched all 87 provinces' outlines).
   */
  byRegion: (regionId: string | undefined) =>
    queryOptions({
      queryKey: [...provinceQueries.all(), 'list', { regionId: regionId ?? null }] as const,
      queryFn: regionId
        ? ({ signal }) =>
            fetchAll<Province>(`/v1/provinces?region_id=${encodeURIComponent(regionId)}`, { signal }).then(provincesOf)
        : skipToken,
    }),
  /**
   * Provinces' own outlines by their PSGC codes (POST /v1/provinces/search), for a download of a region's
   * provinces: the map draws a region as its towns and never needs them.
   */
  outlines: (codes: string[], level: DetailLevel, enabled = true) =>
    queryOptions({
      queryKey: [...provinceQueries.all(), 'outlines', { codes, level }] as const,
      queryFn:
        enabled && codes.length
          ? ({ signal }) =>
              apiFetch<FeatureCollection<Polygon | MultiPolygon | null, { id: string; name: string; code: string }>>(
                '/v1/provinces/search',
                {
                  method: 'POST',
                  body: { codes, geometry: level, output: 'geojson' },
                  signal,
                  download: `province boundaries (${level})`,
                },
              ).then(outlinesOf)
          : skipToken,
    }),
  /** The province and the outlines of its cities and municipalities at one detail. */
  detail: (id: string | undefined, level: DetailLevel) =>
    queryOptions({
      queryKey: [...provinceQueries.all(), 'detail', id, { level }] as const,
      queryFn: id ? ({ signal }) => fetchProvince(id, level, signal) : skipToken,
      placeholderData: sameRecord(id),
    }),
};

/** A province's record and its towns' outlines, enveloped as ours answers or as the live service does. */
async function fetchProvince(
  id: string,
  level: DetailLevel,
  signal: AbortSignal,
): Promise<{ data: Province; geojson: TownCollection }> {
  const answer = await apiFetch<unknown>(`/v1/provinces/${encodeURIComponent(id)}?geometry=${level}`, {
    signal,
    download: `city and municipality boundaries (${level})`,
  });
  const { data, geojson } = detailOf<Province, TownCollection>(answer);
  return { data: normalizeProvince(data), geojson: geojson ?? EMPTY_TOWNS };
}

const provincesOf = ({ data }: { data: Province[] }) => ({ data: data.map(normalizeProvince) });
const EMPTY_TOWNS: TownCollection = { type: 'FeatureCollection', features: [] };

export interface NewProvince {
  name: string;
  code: string;
  /** Any of the region's ids. */
  region_id: string;
  /** Cities and municipalities (ids or PSGC codes) that move into it. */
  municity_ids?: string[];
}

/** PATCH /v1/provinces/{id}: a created province renamed or recoded. */
export const patchProvince = (id: string, change: { name?: string; code?: string }) =>
  apiFetch<Province>(`/v1/provinces/${encodeURIComponent(id)}`, { method: 'PATCH', body: change });

/** DELETE /v1/provinces/{id}: a created province undone; its towns go back where they were. */
export const deleteProvince = (id: string) =>
  apiFetch<{ data: { id: string; name: string } }>(`/v1/provinces/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** POST /v1/provinces */
export const createProvince = (province: NewProvince) =>
  apiFetch<Province>('/v1/provinces', { method: 'POST', body: province });
