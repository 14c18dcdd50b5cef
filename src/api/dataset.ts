/**
 * Reads what the /v1 contract has no endpoint for, from the built dataset's files: the manifest (the data
 * vintage and the attribution line the map must show) and the outlines drawn around the current step for
 * context (the province-level areas of a region, the towns of an area; docs/data.md, "Context around a step").
 * The places chosen, and every polygon a step is made of, come through the API (regions.ts, provinces.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { fetchData } from '../dataset/fetch-data.ts';
import {
  type CodeIndex,
  type Detail,
  dataPaths,
  type Manifest,
  type NoBarangayProps,
  type OldCodes,
  type SplitBarangay,
} from '../dataset/types.ts';

export type { CodeIndex, OldCodes, SplitBarangay };

/** Land no barangay covers, for the whole country at one detail. */
export type NoBarangayCollection = FeatureCollection<Polygon, NoBarangayProps>;

/** Outlines from the built files: a code, a name and the code list's level (Prov, City, Mun…). */
export type OutlineCollection = FeatureCollection<
  Polygon | MultiPolygon,
  { code: string; name: string; level: string }
>;

const DATA_ROOT = `${import.meta.env.BASE_URL}data/`;

/** A built file; `missing` is what a build without it (older than the file) has instead of an error. */
async function getJson<T>(path: string, signal: AbortSignal, missing?: T): Promise<T> {
  const response = await fetchData(DATA_ROOT + path, { signal });
  if (response.status === 404 && missing !== undefined) return missing;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}

export const datasetQueries = {
  manifest: () =>
    queryOptions({
      queryKey: ['dataset', 'manifest'],
      queryFn: ({ signal }) => getJson<Manifest>(dataPaths.manifest, signal),
    }),
  /** The province-level areas of a region (provinces, and cities that stand apart), at one detail. */
  areas: (regionCode: string, detail: Detail) =>
    queryOptions({
      queryKey: ['dataset', 'areas', regionCode, { detail }] as const,
      queryFn: ({ signal }) => getJson<OutlineCollection>(dataPaths.provinces(detail, regionCode), signal),
    }),
  /**
   * Land that no barangay of the source boundaries covers, at one detail (a few dozen pieces for the country).
   * A build without the file (older than it) has none: an empty collection, not an error.
   */
  noBarangay: (detail: Detail) =>
    queryOptions({
      queryKey: ['dataset', 'no-barangay', { detail }] as const,
      queryFn: ({ signal }) =>
        getJson<NoBarangayCollection>(dataPaths.noBarangay(detail), signal, {
          type: 'FeatureCollection',
          features: [],
        }),
    }),
  /**
   * Barangays split since an older list, with their old territory (splits.json, a few KB: Caloocan's 176). A build
   * without the file has none.
   */
  splits: () =>
    queryOptions({
      queryKey: ['dataset', 'splits'] as const,
      queryFn: ({ signal }) => getJson<SplitBarangay[]>(dataPaths.splits, signal, []),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** The split barangay a chosen barangay is a part of (176-C → Barangay 176), if any; read once one is chosen. */
  splitOf: (barangay: string | undefined) =>
    queryOptions({
      ...datasetQueries.splits(),
      enabled: !!barangay,
      select: (splits: SplitBarangay[]) => splits.find((s) => s.parts.some((p) => p.code === barangay)),
    }),
  /** The cities and municipalities of a province-level area, at one detail. */
  towns: (areaCode: string, detail: Detail) =>
    queryOptions({
      queryKey: ['dataset', 'towns', areaCode, { detail }] as const,
      queryFn: ({ signal }) => getJson<OutlineCollection>(dataPaths.municities(detail, areaCode), signal),
    }),
  /**
   * What joining a table by code reads: every unit's code, level and correspondence code, and the codes of older
   * lists recoded since. Kept for the session: the code list does not change under a page.
   */
  codes: () =>
    queryOptions({
      queryKey: ['dataset', 'codes'] as const,
      queryFn: async ({ signal }) => {
        const [index, old] = await Promise.all([
          getJson<CodeIndex>(dataPaths.codes, signal),
          getJson<OldCodes>(dataPaths.oldCodes, signal, {}),
        ]);
        return { index, old };
      },
      staleTime: Number.POSITIVE_INFINITY,
    }),
  /** Outlines from one built file by its path (a user's figures are drawn on the built files, not through /v1). */
  outlines: (path: string) =>
    queryOptions({
      queryKey: ['dataset', 'outlines', path] as const,
      queryFn: ({ signal }) => getJson<OutlineCollection>(path, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** The built files a user's figures are drawn on (dataPaths, for the feature that draws them). */
export const outlineFiles = {
  regions: dataPaths.regions,
  areas: dataPaths.provinces,
  overviewAreas: dataPaths.overviewAreas,
  towns: dataPaths.municities,
  barangays: dataPaths.barangays,
  areaBarangays: dataPaths.areaBarangays,
};
