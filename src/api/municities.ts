import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { isLongEnoughQuery } from '../contract/rules.ts';
import type {
  BarangayProps,
  DetailLevel,
  MunicityDetail,
  MunicityListItem,
  MunicitySearchItem,
  PageMeta,
} from '../contract/types.ts';
import { apiFetch } from './client.ts';
import { sameRecord } from './placeholder.ts';

/** A town's barangays; one with no polygon (none in the boundary files) has a null geometry. */
export type BarangayCollection = FeatureCollection<Polygon | MultiPolygon | null, BarangayProps & { level: string }>;

export const municityQueries = {
  all: () => ['municities'] as const,
  /** One page of a province's towns, optionally those whose name starts with `name`. */
  list: (province: string | undefined, name: string, page: number) =>
    queryOptions({
      queryKey: [...municityQueries.all(), 'list', { province, name, page }] as const,
      queryFn: province
        ? ({ signal }) => {
            const query = new URLSearchParams({ province, page: String(page), limit: '20' });
            if (name) query.set('name', name);
            return apiFetch<{ data: MunicityListItem[]; meta: PageMeta }>(`/v1/municities?${query}`, { signal });
          }
        : skipToken,
      placeholderData: keepPreviousData,
    }),
  /**
   * All of a province's towns at once (100, the page cap, is twice the most any province has: Pangasinan's 48),
   * for sorting by a figure, which a page of 20 by name cannot do.
   */
  every: (province: string | undefined) =>
    queryOptions({
      queryKey: [...municityQueries.all(), 'list', { province, name: '', page: 'all' }] as const,
      queryFn: province
        ? ({ signal }) =>
            apiFetch<{ data: MunicityListItem[]; meta: PageMeta }>(
              `/v1/municities?${new URLSearchParams({ province, limit: '100' })}`,
              { signal },
            )
        : skipToken,
    }),
  /** Towns whose name contains the words typed, anywhere or in one region (GET /v1/municities/search). */
  search: (q: string, regionId?: string) =>
    queryOptions({
      queryKey: [...municityQueries.all(), 'search', { q, regionId }] as const,
      queryFn: isLongEnoughQuery(q)
        ? ({ signal }) =>
            apiFetch<{ data: MunicitySearchItem[] }>(
              `/v1/municities/search?q=${encodeURIComponent(q.trim())}&limit=8${regionId ? `&region_id=${encodeURIComponent(regionId)}` : ''}`,
              {
                signal,
              },
            )
        : skipToken,
      placeholderData: keepPreviousData,
    }),
  /** A town's record alone, by its id or its 10-digit code: where it is listed (its province and region). */
  record: (idOrCode: number | string) =>
    queryOptions({
      queryKey: [...municityQueries.all(), 'record', String(idOrCode)] as const,
      queryFn: ({ signal }) =>
        apiFetch<{ data: MunicityDetail }>(`/v1/municities/${encodeURIComponent(idOrCode)}`, { signal }),
    }),
  /** A town with its barangays' boundaries at one detail. */
  detail: (id: number | undefined, level: DetailLevel) =>
    queryOptions({
      queryKey: [...municityQueries.all(), 'detail', id, { level }] as const,
      queryFn:
        id !== undefined
          ? ({ signal }) =>
              apiFetch<{ data: MunicityDetail; geojson: BarangayCollection }>(
                `/v1/municities/${id}?geometry=${level}`,
                { signal, download: `barangay boundaries (${level})` },
              )
          : skipToken,
      placeholderData: sameRecord(id),
    }),
};
