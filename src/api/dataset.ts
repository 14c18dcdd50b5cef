/**
 * Reads the built dataset's static files directly. Foundation only (issue 2): the explorer (issue 4) goes
 * through the /v1 API instead, and this file goes away.
 */
import { queryOptions } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { type Detail, dataPaths, type FeatureProps, type Manifest } from '../dataset/types.ts';

const DATA_ROOT = `${import.meta.env.BASE_URL}data/`;

async function getJson<T>(path: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(DATA_ROOT + path, { signal });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}

export type RegionCollection = FeatureCollection<Polygon | MultiPolygon, FeatureProps>;

export const datasetQueries = {
  manifest: () =>
    queryOptions({
      queryKey: ['dataset', 'manifest'],
      queryFn: ({ signal }) => getJson<Manifest>(dataPaths.manifest, signal),
    }),
  regions: (detail: Detail) =>
    queryOptions({
      queryKey: ['dataset', 'regions', { detail }],
      queryFn: ({ signal }) => getJson<RegionCollection>(dataPaths.regions(detail), signal),
    }),
};
