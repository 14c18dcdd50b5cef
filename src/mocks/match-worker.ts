/// <reference lib="webworker" />
import { expose } from 'comlink';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { fetchDataSource } from '../service/data-source.ts';
import { Dataset } from '../service/dataset.ts';
import { matchAddress } from '../service/geocode/batch.ts';
import { type Geocoder, loadGeocoder } from '../service/geocode/search.ts';

/**
 * A Web Worker of the built-in service that matches addresses (src/mocks/match-workers.ts). It loads the dataset
 * and builds the geocoder's index on its first batch, from the same files the service reads.
 */
let ready: Promise<{ data: Dataset; geocoder: Geocoder }> | undefined;

const matchWorker = {
  async match(base: string, addresses: string[]): Promise<BatchGeocodeResult[]> {
    ready ??= (async () => {
      const data = await Dataset.load(fetchDataSource(base));
      return { data, geocoder: await loadGeocoder(data) };
    })();
    ready.catch(() => {
      ready = undefined;
    });
    const { data, geocoder } = await ready;
    return addresses.map((a) => matchAddress(geocoder, data, a));
  },
};

export type MatchWorker = typeof matchWorker;

expose(matchWorker);
