/**
 * Reads what the /v1 contract has no endpoint for, from the built dataset's files: the manifest (the data
 * vintage and the attribution line the map must show) and the outlines drawn around the current step for
 * context (the province-level areas of a region, the towns of an area; docs/data.md, "Context around a step").
 * The places chosen, and every polygon a step is made of, come through the API (regions.ts, provinces.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { fetchData } from '../dataset/fetch-data.ts';
import { type Detail, dataPaths, type Manifest } from '../dataset/types.ts';

/** Outlines from the built files: a code, a name and the code list's level (Prov, City, Mun…). */
export type OutlineCollection = FeatureCollection<
  Polygon | MultiPolygon,
  { code: string; name: string; level: string }
>;

const DATA_ROOT = `${import.meta.env.BASE_URL}data/`;

async function getJson<T>(path: string, signal: AbortSignal): Promise<T> {
  const response = await fetchData(DATA_ROOT + path, { signal });
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
  /** The cities and municipalities of a province-level area, at one detail. */
  towns: (areaCode: string, detail: Detail) =>
    queryOptions({
      queryKey: ['dataset', 'towns', areaCode, { detail }] as const,
      queryFn: ({ signal }) => getJson<OutlineCollection>(dataPaths.municities(detail, areaCode), signal),
    }),
};
