import { BATCH_GEOCODE_MAX, type MatchStatus } from '../../contract/types.ts';
import { bareName } from '../bare-name.ts';
import type { Dataset } from '../dataset.ts';
import { badParam } from '../errors.ts';
import { abroadReason, fold as foldForAbroad } from './abroad.ts';
import type { GeocodeHit, MatchHits } from './hit.ts';
import { bareNumber, notAnAddress } from './not-an-address.ts';
import type { Geocoder } from './search.ts';

/**
 * A match this sure, with nothing contradicting the address, is `matched`; below it a person should look. Chosen
 * on the tune half of the health-facility addresses (docs/geocoding.md): 3,913 of 4,169 rows (93.9%) came out
 * matched, and the first place's town was right for all of them; the 256 ambiguous rows' first place was right
 * for 95.3%, so a person choosing among candidates is worth their time. The held-out half: 93.4% matched, all right.
 */
export const MATCHED_CONFIDENCE = 0.5;
/** The places offered for a row a person should look at (a split barangay's row offers all its parts). */
const CANDIDATES = 5;
/** The longest address read; the rest of a longer one is ignored (GET /v1/geocode refuses over 200). */
const MAX_ADDRESS = 300;

/**
 * A place that answers its address alone: sure enough, and nothing in the address contradicts it (a barangay or
 * town it does not have, or a ZIP code of another town).
 */
const isSure = (c: GeocodeHit) =>
  !c.split && !c.not_found && !c.outside && c.zip?.agrees !== false && (c.confidence ?? 0) >= MATCHED_CONFIDENCE;

/**
 * How one address matched. `ambiguous` when a person should choose: the address names a unit that is not where
 * the best place is (a barangay given under the wrong town), the best place ties with another, or it explains too
 * little of the address. An empty address is `unmatched`, never an error: a file keeps its empty rows; so is an
 * address abroad, and a cell that is no address (a formula, a placeholder, a bare number), each with its reason.
 * The places are the geocoder's hits: the answer names their parents (src/service/answers/matched.ts).
 */
export function matchAddress(geocoder: Geocoder, data: Dataset, address: string): MatchHits {
  const text = address.slice(0, MAX_ADDRESS);
  if (!text.trim()) return unmatched(EMPTY_REASON);
  // (a cell of a file, not a name being typed: "na" is the start of Naga in the search box, n/a in a file)
  const nowhere = addressAbroad(data, text) ?? notAnAddress(text);
  if (nowhere) return unmatched(nowhere);
  // A sure match answers its one place: the others are not looked for at all (94% of rows).
  const found = geocoder.search(text, CANDIDATES, isSure);
  if (!found.length) return unmatched(bareNumber(text) ?? NOTHING_REASON);
  const best = found[0];
  const sure = isSure(best);
  const status: MatchStatus = sure ? 'matched' : 'ambiguous';
  // A split barangay: it, then each of its parts to choose from (all of them, even past five).
  return { status, hits: best.split ? [best, ...geocoder.parts(best)] : sure ? [best] : found };
}

/** The reason an address is abroad (abroad.ts), or null. GET /v1/geocode asks it too. */
export function addressAbroad(data: Dataset, address: string): string | null {
  return abroadReason(address, (name) => isPlaceName(data, name));
}

const EMPTY_REASON = 'The address is empty.';
const NOTHING_REASON = 'No Philippine place is named in the address.';
const unmatched = (reason: string): MatchHits => ({ status: 'unmatched', hits: [], reason });

/** Folded names of the towns and provinces: a last part that is one ("…, Mexico") is not a country abroad. */
const placeNames = new WeakMap<Dataset, Set<string>>();
function isPlaceName(data: Dataset, folded: string): boolean {
  let names = placeNames.get(data);
  if (!names) {
    names = new Set();
    for (const unit of data.byCode.values()) {
      if (unit.level === 'Bgy') continue;
      names.add(foldForAbroad(bareName(unit.name)));
    }
    placeNames.set(data, names);
  }
  return names.has(folded);
}

/** Matches addresses in order, one result each: inline, or in workers (the browser's built-in service). */
export type BatchMatcher = (addresses: string[]) => Promise<MatchHits[]>;

/** The addresses of a POST /v1/geocode/batch body, `{ addresses: string[] }`, up to BATCH_GEOCODE_MAX. */
export function batchAddresses(body: unknown): string[] {
  const addresses = (body as { addresses?: unknown } | null)?.addresses;
  if (!Array.isArray(addresses)) throw badParam('addresses', 'addresses must be an array of strings');
  if (addresses.length > BATCH_GEOCODE_MAX) {
    throw badParam('addresses', `addresses must hold at most ${BATCH_GEOCODE_MAX} addresses`);
  }
  const bad = addresses.findIndex((a) => typeof a !== 'string');
  if (bad >= 0) throw badParam('addresses', `addresses[${bad}] must be a string`);
  return addresses as string[];
}
