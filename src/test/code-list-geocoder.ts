/**
 * The geocoder's candidates as GET /v1/geocode names them over the code list with no records: its hits shaped by
 * the service's own module (src/service/answers/geocoded.ts), for tests that call the geocoder directly.
 */
import type { GeocodeCandidate } from '../contract/types.ts';
import { candidateOf } from '../service/answers/geocoded.ts';
import { ServiceContext } from '../service/context.ts';
import type { Dataset } from '../service/dataset.ts';
import type { Geocoder } from '../service/geocode/search.ts';
import { emptyRecords, memoryStore } from '../service/store.ts';

export function codeListSearch(data: Dataset, geocoder: Geocoder) {
  const places = new ServiceContext({ data, records: emptyRecords(), store: memoryStore() }).places();
  return (q: string, limit: number): GeocodeCandidate[] =>
    geocoder.search(q, limit).map((hit) => candidateOf(places, hit));
}
