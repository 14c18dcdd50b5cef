/**
 * /v1/geocode, its batch and reverse lookup. The geocoders find units of the code list by code, their indexes
 * shared by every service over it (src/service/geocoders.ts); the answers are shaped from the read model, which
 * names each unit's parents as they are now and finds the created units (src/service/answers/geocoded.ts).
 */
import { geocodeAnswer, placeAtAnswer } from '../answers/geocoded.ts';
import { matchedAnswer } from '../answers/matched.ts';
import { batchAddresses } from '../geocode/batch.ts';
import { geocodeParams } from '../geocode/query.ts';
import type { Geocoding } from '../geocoders.ts';
import type { Places } from '../places.ts';

/** GET /v1/geocode: created units whose name holds the words typed come first, within the limit asked. */
export async function geocode(places: Places, geocoding: Geocoding, url: URL) {
  // An address abroad names no Philippine place: nothing, with the reason, rather than a near spelling.
  const abroad = geocoding.abroad(url.searchParams.get('q') ?? '');
  if (abroad) return { data: [], reason: abroad, error: null };
  // A name being typed, before the geocoder is built: its own answer, stored when the data was built.
  const { q, limit } = geocodeParams(url);
  const hits = (await geocoding.typedAnswer(q, limit)) ?? (await geocoding.search(q, limit));
  return geocodeAnswer(places, hits, url.searchParams.get('q') ?? '');
}

/** POST /v1/geocode/batch: matched by the service's matcher (in-process, Web Workers or worker threads). */
export async function geocodeBatch(places: Places, geocoding: Geocoding, body: unknown) {
  const rows = await geocoding.matcher(batchAddresses(body));
  return { data: rows.map((row) => matchedAnswer(places, row)), error: null };
}

/** GET /v1/geocode/reverse: what is at a point. */
export async function reverseGeocode(places: Places, geocoding: Geocoding, url: URL) {
  const { parsePoint } = await import('../geocode/reverse.ts');
  const [lng, lat] = parsePoint(url);
  return placeAtAnswer(places, await (await geocoding.reverse()).at(lng, lat));
}
