import { queryOptions, skipToken } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { DetailLevel } from '../contract/types.ts';
import { ApiError, apiFetch } from './client.ts';
import type { BarangayCollection } from './municities.ts';
import { outlinesOf } from './normalize.ts';

/** Barangays' outlines as POST /v1/barangays/search answers them with `output: geojson`. */
export type BarangayOutlines = FeatureCollection<
  Polygon | MultiPolygon | null,
  { id: string; name: string; code: string }
>;

/**
 * Some barangays' outlines by their PSGC codes (POST /v1/barangays/search): what a matched row needs, a few KB,
 * where its whole town's barangays are up to 228 KB (Manila's 897 at `medium`). A server without the endpoint
 * (the interface document does not have it; the live service does) answers 404 or 405: the outlines then come
 * from each town's barangays, as before.
 */
async function fetchOutlines(
  barangays: { code: string; town: number }[],
  level: DetailLevel,
  signal: AbortSignal,
): Promise<BarangayOutlines> {
  try {
    return outlinesOf(
      await apiFetch<BarangayOutlines>('/v1/barangays/search', {
        method: 'POST',
        body: { codes: barangays.map((b) => b.code), geometry: level, output: 'geojson' },
        signal,
        download: `barangay boundaries (${level})`,
      }),
    );
  } catch (error) {
    if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 405)) throw error;
  }
  const wanted = new Set(barangays.map((b) => b.code));
  const towns = await Promise.all(
    [...new Set(barangays.map((b) => b.town))].map((town) =>
      apiFetch<{ geojson: BarangayCollection }>(`/v1/municities/${town}?geometry=${level}`, { signal }),
    ),
  );
  const features = towns
    .flatMap((t) => t.geojson.features)
    .filter((f) => wanted.has(f.properties.code))
    .map((f) => ({ ...f, properties: { id: f.properties.code, name: f.properties.name, code: f.properties.code } }));
  return { type: 'FeatureCollection', features };
}

export const barangayQueries = {
  all: () => ['barangays'] as const,
  /** The outlines of these barangays (each with its town's id, for a server without barangay search). */
  outlines: (barangays: { code: string; town: number }[], level: DetailLevel) =>
    queryOptions({
      queryKey: [...barangayQueries.all(), 'outlines', { codes: barangays.map((b) => b.code), level }] as const,
      queryFn: barangays.length ? ({ signal }) => fetchOutlines(barangays, level, signal) : skipToken,
    }),
};
