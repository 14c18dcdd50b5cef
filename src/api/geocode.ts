import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { apiFetch } from './client.ts';
import type { GeocodeCandidate } from './types.ts';

export const geocodeQueries = {
  all: () => ['geocode'] as const,
  /** Candidates for a query; nothing is sent under two characters. */
  search: (q: string) =>
    queryOptions({
      queryKey: [...geocodeQueries.all(), { q }] as const,
      queryFn:
        q.trim().length >= 2
          ? ({ signal }) =>
              apiFetch<{ data: GeocodeCandidate[] }>(`/v1/geocode?q=${encodeURIComponent(q.trim())}&limit=8`, {
                signal,
              })
          : skipToken,
      placeholderData: keepPreviousData,
    }),
};
