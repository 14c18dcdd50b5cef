/**
 * The geocoders: the forward index, the reverse lookup and the batch's matcher. Their indexes are built from the
 * dataset alone, never from the created records, so every service over one dataset shares them: a test that
 * starts each case on a fresh store builds them once (about 2 s), not per case. Their code is loaded with them,
 * on the first geocode: in the browser it is not among what the first screen downloads.
 */
import type { Dataset } from './dataset.ts';
import { type BatchMatcher, matchAddress } from './geocode/batch.ts';
import type { ReverseGeocoder } from './geocode/reverse.ts';
import type { Geocoder } from './geocode/search.ts';

export interface Geocoding {
  geocoder(): Promise<Geocoder>;
  reverse(): Promise<ReverseGeocoder>;
  /** Who matches the addresses of POST /v1/geocode/batch. */
  matcher: BatchMatcher;
}

const geocoders = new WeakMap<Dataset, Promise<Geocoder>>();
const reverseGeocoders = new WeakMap<Dataset, Promise<ReverseGeocoder>>();

/** Built once per dataset and shared; a failed build is tried again on the next call. */
function once<T>(cache: WeakMap<Dataset, Promise<T>>, data: Dataset, build: () => Promise<T>): Promise<T> {
  let pending = cache.get(data);
  if (!pending) {
    pending = build();
    pending.catch(() => cache.delete(data));
    cache.set(data, pending);
  }
  return pending;
}

export const geocoderOf = (data: Dataset) =>
  once(geocoders, data, () => import('./geocode/search.ts').then(({ loadGeocoder }) => loadGeocoder(data)));

const reverseOf = (data: Dataset) =>
  once(reverseGeocoders, data, () =>
    import('./geocode/reverse.ts').then(({ ReverseGeocoder }) => new ReverseGeocoder(data)),
  );

/**
 * The geocoders over the dataset a context holds now (the whole code list once read). The batch is matched by
 * `matcher` where one is given (the browser's Web Workers, the server's worker threads), else in this thread.
 */
export function geocodingOf(data: () => Dataset, matcher?: BatchMatcher): Geocoding {
  return {
    geocoder: () => geocoderOf(data()),
    reverse: () => reverseOf(data()),
    matcher:
      matcher ??
      (async (addresses) => {
        const geocoder = await geocoderOf(data());
        return addresses.map((a) => matchAddress(geocoder, data(), a));
      }),
  };
}
