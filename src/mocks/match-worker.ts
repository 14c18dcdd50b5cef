/// <reference lib="webworker" />
import { expose } from 'comlink';
import { fetchDataSource } from '../service/data-source.ts';
import { Dataset } from '../service/dataset.ts';
import { matchAddress } from '../service/geocode/batch.ts';
import {
  type GeocodeHits,
  type Geocoder,
  geocodeText,
  loadGeocoder,
  type MatchHits,
} from '../service/geocode/search.ts';

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
  async match(base: string, addresses: string[]): Promise<MatchHits[]> {
    const { data, geocoder } = await geocoderOf(base);
    return addresses.map((a) => matchAddress(geocoder, data, a));
  },
  /** GET /v1/geocode's hits from the index for `q`, at most `limit` (the service shapes the answer). */
  async search(base: string, q: string, limit: number): Promise<GeocodeHits> {
    return geocodeText((await geocoderOf(base)).geocoder, q, limit);
  },
};

export type MatchWorker = typeof matchWorker;

expose(matchWorker);
