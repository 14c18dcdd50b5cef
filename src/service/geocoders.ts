/**
 * The geocoders: the forward index, the reverse lookup and the batch's matcher. Their indexes are built from the
 * dataset alone, never from the created records, so every service over one dataset shares them: a test that
 * starts each case on a fresh store builds them once (about 2 s), not per case. Their code is loaded with them,
 * on the first geocode: in the browser it is not among what the first screen downloads.
 */
import type { Dataset } from './dataset.ts';
import { addressAbroad, type BatchMatcher, matchAddress } from './geocode/batch.ts';
import type { GeocodeHits } from './geocode/hit.ts';
import { type PrefixShard, prefixShardPath, shardOf, storedAnswer } from './geocode/prefix-answers.ts';
import type { ReverseGeocoder } from './geocode/reverse.ts';
import type { Geocoder } from './geocode/search.ts';

/** The geocoder's hits for GET /v1/geocode's address, and the nearest spellings when there are none. */
export type Searcher = (q: string, limit: number) => Promise<GeocodeHits>;

export interface Geocoding {
  /** Why an address names no Philippine place (an address abroad), or null where it may name one. */
  abroad(address: string): string | null;
  /** Who answers GET /v1/geocode where no stored answer does: this thread, or the server's worker threads. */
  search: Searcher;
  /**
   * The geocoder's answer to a name being typed, worked out when the data was built (geocode/prefix-answers.ts),
   * while the geocoder itself is not built: null once it is, or where none is stored.
   */
  typedAnswer(q: string, limit: number): Promise<GeocodeHits | null>;
  reverse(): Promise<ReverseGeocoder>;
  /** Who matches the addresses of POST /v1/geocode/batch. */
  matcher: BatchMatcher;
}

const geocoders = new WeakMap<Dataset, Promise<Geocoder>>();
/** The geocoders built. */
const built = new WeakSet<Dataset>();
/** The files of answers to typed names read (null: none there, as data built without them). */
const prefixShards = new WeakMap<Dataset, Map<string, Promise<PrefixShard | null>>>();
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
  once(geocoders, data, () =>
    import('./geocode/search.ts')
      .then(({ loadGeocoder }) => loadGeocoder(data))
      .then((geocoder) => {
        built.add(data);
        return geocoder;
      }),
  );

/**
 * A name being typed, answered from the stored answers while the geocoder is not built. Reading the 8 MB the
 * geocoder indexes and indexing them is left for a query the stored answers do not hold: on the page's main
 * thread it takes seconds, which typing a town's name would otherwise wait for.
 */
async function typedAnswer(data: Dataset, q: string, limit: number): Promise<GeocodeHits | null> {
  if (built.has(data)) return null;
  let files = prefixShards.get(data);
  if (!files) {
    files = new Map();
    prefixShards.set(data, files);
  }
  const name = shardOf(q);
  let file = files.get(name);
  if (!file) {
    file = data.source.json<PrefixShard>(prefixShardPath(name)).catch(() => null);
    files.set(name, file);
  }
  const shard = await file;
  return shard && storedAnswer(shard, q, limit);
}

const reverseOf = (data: Dataset) =>
  once(reverseGeocoders, data, () =>
    import('./geocode/reverse.ts').then(({ ReverseGeocoder }) => new ReverseGeocoder(data)),
  );

/**
 * The geocoders over the dataset a context holds now (the whole code list once read). An address is geocoded by
 * `search` and a batch matched by `matcher` where they are given (the server's worker threads; the browser's Web
 * Workers match), else in this thread.
 */
export function geocodingOf(data: () => Dataset, given: { matcher?: BatchMatcher; search?: Searcher } = {}): Geocoding {
  const { matcher } = given;
  return {
    abroad: (address) => addressAbroad(data(), address),
    search:
      given.search ??
      (async (q, limit) => {
        const [{ geocodeText }, geocoder] = await Promise.all([import('./geocode/search.ts'), geocoderOf(data())]);
        return geocodeText(geocoder, q, limit);
      }),
    typedAnswer: (q, limit) => typedAnswer(data(), q, limit),
    reverse: () => reverseOf(data()),
    matcher:
      matcher ??
      (async (addresses) => {
        const geocoder = await geocoderOf(data());
        return addresses.map((a) => matchAddress(geocoder, data(), a));
      }),
  };
}
