/**
 * A worker thread of `npm run match` (match.ts): it reads the built dataset and builds the geocoder's index once,
 * then matches each batch of addresses it is handed, as the service's POST /v1/geocode/batch matches them
 * (matchAddress, the same function, over the same data).
 */
import { workerData } from 'node:worker_threads';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { diskDataSource } from '../server/disk.ts';
import { Dataset } from '../service/dataset.ts';
import { matchAddress } from '../service/geocode/batch.ts';
import { loadGeocoder } from '../service/geocode/search.ts';

export interface MatchWorkerData {
  dataDir: string;
}

const ready = Dataset.load(diskDataSource((workerData as MatchWorkerData).dataDir)).then(async (data) => ({
  data,
  geocoder: await loadGeocoder(data),
}));
// A failure is told by the first task, which awaits it; none is left unhandled here.
ready.catch(() => undefined);

/** An empty list asks only that the worker be ready (its data read, its index built). */
export default async function match(addresses: string[]): Promise<BatchGeocodeResult[]> {
  const { data, geocoder } = await ready;
  return addresses.map((address) => matchAddress(geocoder, data, address));
}
