import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import type { GeocodeCandidate } from './types.ts';

export interface PlaceAt {
  barangay: { code: string; name: string } | null;
  municity: { code: string; name: string; level: string } | null;
  province: { id: string; name: string } | null;
  region: { code: string; name: string } | null;
}

export const geocodeQueries = {
  all: () => ['geocode'] as const,
  /** Candidates for a query; nothing is sent under two characters. */
  search: (q: string) =>
    queryOptions({
      queryKey: [...geocodeQueries.all(), { q }] as const,
      queryFn:
        q.trim().length >= 2
          ? ({ signal }) =>
              apiFetch<{ data: GeocodeCandidate[]; suggestions?: string[] }>(
                `/v1/geocode?q=${encodeURIComponent(q.trim())}&limit=8`,
                {
                  signal,
                },
              )
          : skipToken,
      placeholderData: keepPreviousData,
    }),
  /** What is at a point (GET /v1/geocode/reverse, an extension of the contract). */
  at: (point: [number, number] | null) =>
    queryOptions({
      queryKey: [...geocodeQueries.all(), 'at', point] as const,
      queryFn: point
        ? ({ signal }) =>
            apiFetch<{ data: PlaceAt | null }>(`/v1/geocode/reverse?lng=${point[0]}&lat=${point[1]}`, { signal })
        : skipToken,
    }),
};
