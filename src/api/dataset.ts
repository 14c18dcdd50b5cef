/**
 * Reads the built dataset's manifest, which the /v1 contract has no endpoint for: the data vintage and the
 * attribution line the map must show. Every place and polygon comes through the API (regions.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { dataPaths, type Manifest } from '../dataset/types.ts';

const DATA_ROOT = `${import.meta.env.BASE_URL}data/`;

async function getJson<T>(path: string, signal: AbortSignal): Promise<T> {
  const response = await fetch(DATA_ROOT + path, { signal });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return (await response.json()) as T;
}

export const datasetQueries = {
  manifest: () =>
    queryOptions({
      queryKey: ['dataset', 'manifest'],
      queryFn: ({ signal }) => getJson<Manifest>(dataPaths.manifest, signal),
    }),
};
