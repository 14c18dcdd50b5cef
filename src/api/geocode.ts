import { keepPreviousData, queryOptions, skipToken } from '@tanstack/react-query';
import { isLongEnoughQuery } from '../contract/rules.ts';
import type { BatchGeocodeResult, GeocodeCandidate } from '../contract/types.ts';
import { apiFetch } from './client.ts';

export interface PlaceAt {
  barangay: { code: string; name: string } | null;
  /** `independent` (extension): a city that is not part of the province it lies in, which `province` names. */
  municity: { code: string; name: string; level: string; independent?: boolean; city_class?: string | null } | null;
  /** `code` is the province's PSGC code; null for Metro Manila (the NCR's cities grouped) and created provinces. */
  province: { id: string; name: string; code?: string | null } | null;
  region: { code: string; name: string } | null;
}

/** The most candidates GET /v1/geocode answers (its `limit` maximum). */
export const GEOCODE_LIMIT = 50;

export interface GeocodeResults {
  data: GeocodeCandidate[];
  /** The nearest spellings, when nothing matches (extension). */
  suggestions?: string[];
  /** Why nothing matches, where the service knows (extension): an address abroad. */
  reason?: string;
}

export const geocodeQueries = {
  all: () => ['geocode'] as const,
  /**
   * Candidates for a query, as many as the service gives (50), so an ambiguous name can say how many places it
   * names and list them all from one answer; nothing is sent under two letters or digits, counted as the service
   * counts them (isLongEnoughQuery). The key is the trimmed text, so the box and a submitted Enter share one request.
   */
  search: (text: string) => {
    const q = text.trim();
    return queryOptions({
      queryKey: [...geocodeQueries.all(), { q }] as const,
      queryFn: isLongEnoughQuery(q)
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
      queryFn: isLongEnoughQuery(q)
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

/** Matches addresses where the app runs its own service: in Web Workers of the page, no request in between. */
export type LocalMatcher = ((addresses: string[]) => Promise<BatchGeocodeResult[]>) & {
  /** Lets go of the workers (each holds the geocoder's index, about 150 MB) when a file is done. */
  release(): void;
};
let localMatcher: Promise<LocalMatcher> | null = null;

/**
 * Set by the app's start-up when the /v1 service runs in the browser: a file's rows then go straight to the
 * service's match workers. Through the service's own POST /v1/geocode/batch, each batch's results would be
 * copied five times on the page (to JSON, through the msw service worker and back, from JSON): for 100,000 rows
 * that is hundreds of megabytes of short-lived copies and a main thread kept busy. Given while the service is
 * still starting (a run resumed as the page loads), batches wait for it.
 */
export function setLocalMatcher(matcher: LocalMatcher | Promise<LocalMatcher> | null) {
  localMatcher = matcher && Promise.resolve(matcher);
}

/** A file is matched: the local matcher's workers end now instead of after their idle time. */
export function matchingDone() {
  void localMatcher?.then((matcher) => matcher.release());
}

/**
 * Matches up to BATCH_GEOCODE_MAX addresses: one result per address, in order. In the browser's own service
 * the local matcher does it; with a server, POST /v1/geocode/batch (an extension). A file's rows are sent in
 * batches of this size by the match feature, not through React Query: it is work the user started, saved as it
 * goes, not data a view reads.
 */
export async function matchAddresses(addresses: string[], signal?: AbortSignal): Promise<BatchGeocodeResult[]> {
  if (localMatcher) {
    const results = await (await localMatcher)(addresses);
    signal?.throwIfAborted();
    return results;
  }
  const answer = await apiFetch<{ data: BatchGeocodeResult[] }>('/v1/geocode/batch', {
    method: 'POST',
    body: { addresses },
    signal,
  });
  return answer.data;
}
