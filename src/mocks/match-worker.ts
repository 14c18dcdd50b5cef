/// <reference lib="webworker" />
import { expose } from 'comlink';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { fetchDataSource } from '../service/data-source.ts';
import { Dataset } from '../service/dataset.ts';
import { matchAddress } from '../service/geocode/batch.ts';
import { type GeocodeAnswer, type Geocoder, geocode, loadGeocoder } from '../service/geocode/search.ts';

/**
 * A Web Worker of the built-in service that matches addresses, or answers searches (src/mocks/match-workers.ts).
 * It loads the dataset and builds the geocoder's index on its first call, from the same files the service reads.
 */
let ready: Promise<{ data: Dataset; geocoder: Geocoder }> | undefined;

function geocoderOf(base: string) {
  ready ??= (async () => {
    const data = await Dataset.load(fetchDataSource(base));
    return { data, geocoder: await loadGeocoder(data) };
  })();
  ready.catch(() => {
    ready = undefined;
  });
  return ready;
}

const matchWorker = {
  async match(base: string, addresses: string[]): Promise<BatchGeocodeResult[]> {
    const { data, geocoder } = await geocoderOf(base);
    return addresses.map((a) => matchAddress(geocoder, data, a));
  },
  /** GET /v1/geocode's answer from the index, for its query string (`?q=…&limit=…`). */
  async search(base: string, query: string): Promise<GeocodeAnswer> {
    const { geocoder } = await geocoderOf(base);
    const { data, suggestions } = geocode(geocoder, new URL(`/v1/geocode${query}`, 'http://localhost'));
    return suggestions ? { data, suggestions } : { data };
  },
};

export type MatchWorker = typeof matchWorker;

expose(matchWorker);
