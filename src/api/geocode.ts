import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import type { BatchGeocodeResult, GeocodeCandidate } from '../contract/types.ts';
import { apiFetch } from './client.ts';

export interface PlaceAt {
  barangay: { code: string; name: string } | null;
  municity: { code: string; name: string; level: string } | null;
  province: { id: string; name: string } | null;
  region: { code: string; name: string } | null;
}

/** The most candidates GET /v1/geocode answers (its `limit` maximum). */
export const GEOCODE_LIMIT = 50;

export interface GeocodeResults {
  data: GeocodeCandidate[];
  /** The nearest spellings, when nothing matches (extension). */
  suggestions?: string[];
}

export const geocodeQueries = {
  all: () => ['geocode'] as const,
  /**
   * Candidates for a query, as many as the service gives (50), so an ambiguous name can say how many places it
   * names and list them all from one answer; nothing is sent under two characters. The key is the trimmed text,
   * so the box and a submitted Enter share one request.
   */
  search: (text: string) => {
    const q = text.trim();
    return queryOptions({
      queryKey: [...geocodeQueries.all(), { q }] as const,
      queryFn:
        q.length >= 2
          ? ({ signal }) =>
              apiFetch<GeocodeResults>(`/v1/geocode?q=${encodeURIComponent(q)}&limit=${GEOCODE_LIMIT}`, { signal })
          : skipToken,
      placeholderData: keepPreviousData,
    });
  },
  /**
   * The places an address may be, each with every level's PSGC code and name (POST /v1/geocode/batch with one
   * address): what a person picks from to fix a row of a matched file.
   */
  places: (text: string) => {
    const q = text.trim();
    return queryOptions({
      queryKey: [...geocodeQueries.all(), 'places', { q }] as const,
      queryFn:
        q.length >= 2
          ? async ({ signal }): Promise<BatchGeocodeResult> => (await matchAddresses([q], signal))[0]
          : skipToken,
      placeholderData: keepPreviousData,
    });
  },
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

/**
 * Matches up to BATCH_GEOCODE_MAX addresses (POST /v1/geocode/batch, an extension): one result per address, in
 * order. A file's rows are sent in batches of this size by the match feature, not through React Query: it is work
 * the user started, saved as it goes, not data a view reads.
 */
export async function matchAddresses(addresses: string[], signal?: AbortSignal): Promise<BatchGeocodeResult[]> {
  const answer = await apiFetch<{ data: BatchGeocodeResult[] }>('/v1/geocode/batch', {
    method: 'POST',
    body: { addresses },
    signal,
  });
  return answer.data;
}
