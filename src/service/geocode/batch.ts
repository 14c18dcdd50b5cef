import { regionCodeOf } from '../../contract/psgc.ts';
import { splitNote } from '../../contract/split-text.ts';
import {
  BATCH_GEOCODE_MAX,
  type BatchGeocodeResult,
  type GeocodeCandidate,
  type MatchStatus,
  type PlaceRef,
  type ResolvedPlace,
} from '../../contract/types.ts';
import type { Unit } from '../../dataset/types.ts';
import { bareName } from '../bare-name.ts';
import type { Dataset } from '../dataset.ts';
import { badParam } from '../errors.ts';
import { abroadReason, fold as foldForAbroad } from './abroad.ts';
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

const TOWN_LEVELS = new Set(['City', 'Mun', 'SGU']);
const PROVINCE_LEVELS = new Set(['Prov', 'Dist', 'SGA']);

/** The unit a candidate names with every level above it, by code and official name. */
export function resolvePlace(data: Dataset, c: GeocodeCandidate): ResolvedPlace {
  const chain: Unit[] = [];
  // A split barangay is no longer in the list: its town is, and the chain starts there.
  const start = data.byCode.get(c.code) ?? (c.split && data.byCode.get(c.split.town.code));
  for (let unit = start; unit; unit = unit.parent ? data.byCode.get(unit.parent) : undefined) {
    chain.push(unit);
  }
  const ref = (u: Unit | undefined): PlaceRef | null => (u ? { code: u.code, name: u.name } : null);
  const town = chain.find((u) => TOWN_LEVELS.has(u.level));
  // An independent city lies in a province it is not under: that province, as people write it.
  const geoProvince = town && data.hierarchy.geoProvince[town.code];
  // NCR's towns are drawn under their district, which the code list does not make their parent.
  const area = town && data.byCode.get(data.hierarchy.area[town.code] ?? '');
  const province =
    chain.find((u) => PROVINCE_LEVELS.has(u.level)) ??
    (geoProvince ? data.byCode.get(geoProvince) : undefined) ??
    (area && PROVINCE_LEVELS.has(area.level) ? area : undefined);
  const region = chain.find((u) => u.level === 'Reg') ?? data.byCode.get(regionCodeOf(c.code));
  return {
    psgc_code: c.code,
    level: c.level,
    name: c.name,
    barangay: c.split ? { code: c.code, name: c.name } : ref(chain.find((u) => u.level === 'Bgy')),
    city_municipality: ref(town),
    province: ref(province),
    region: ref(region) ?? { code: regionCodeOf(c.code), name: '' },
    lat: c.lat,
    lng: c.lng,
    confidence: c.confidence ?? 0,
    note: noteOf(c),
    region_id: c.region_id,
    province_id: c.province_id,
    municity_id: c.municity_id,
    psgc_vintage: data.manifest.vintage,
    ...(c.split && { split: c.split }),
  };
}

/** The town a candidate is or is in, as its ZIP code's is named: a barangay's is its first parent. */
const townOf = (c: GeocodeCandidate) => (c.level === 'Bgy' ? (c.parents[0] ?? c.name) : c.name);

function noteOf(c: GeocodeCandidate): string | null {
  const where = c.parents[0] ? ` ${c.parents[0]}` : '';
  if (c.split) return splitNote(c.name, c.code, c.split);
  if (c.part_of) {
    return `Part of ${c.part_of.name} since ${c.part_of.since}, with no boundary of its own yet: placed inside ${c.part_of.name}.`;
  }
  if (c.recoded_from) {
    return `PSGC ${c.recoded_from.code} (${c.recoded_from.vintages.join(', ')}) is now ${c.code}.`;
  }
  if (c.not_found?.level === 'Bgy') return `No barangay “${c.not_found.text}” in ${c.name}.`;
  if (c.not_found?.level === 'town') return `No town “${c.not_found.text}” in ${c.name}.`;
  if (c.outside) return `${c.name} is not in “${c.outside.text}”; it is in${where}.`;
  if (c.zip && !c.zip.agrees) return `ZIP ${c.zip.code} is ${c.zip.towns.join(' or ')}, not ${townOf(c)}.`;
  if (c.zip?.alone) return `Placed by ZIP ${c.zip.code}.`;
  return null;
}

/**
 * A place that answers its address alone: sure enough, and nothing in the address contradicts it (a barangay or
 * town it does not have, or a ZIP code of another town).
 */
const isSure = (c: GeocodeCandidate) =>
  !c.split && !c.not_found && !c.outside && c.zip?.agrees !== false && (c.confidence ?? 0) >= MATCHED_CONFIDENCE;

/**
 * How one address matched. `ambiguous` when a person should choose: the address names a unit that is not where
 * the best place is (a barangay given under the wrong town), the best place ties with another, or it explains too
 * little of the address. An empty address is `unmatched`, never an error: a file keeps its empty rows; so is an
 * address abroad, and a cell that is no address (a formula, a placeholder, a bare number), each with its reason.
 */
export function matchAddress(geocoder: Geocoder, data: Dataset, address: string): BatchGeocodeResult {
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
  const offered = best.split ? [best, ...geocoder.parts(best)] : sure ? [best] : found;
  const places = offered.map((c) => resolvePlace(data, c));
  const reason = sure ? null : (places[0].note ?? fitReason(places.length));
  return { status, match: places[0], candidates: places, ...(reason && { reason }) };
}

/** Why a place that is not sure is shown, when its own note says nothing. */
export const fitReason = (n: number) =>
  n === 1
    ? 'Only 1 place fits the address, and it explains too little of it to be sure.'
    : `${n} places fit the address; the best is shown.`;

/** The reason an address is abroad (abroad.ts), or null. GET /v1/geocode asks it too. */
export function addressAbroad(data: Dataset, address: string): string | null {
  return abroadReason(address, (name) => isPlaceName(data, name));
}

const EMPTY_REASON = 'The address is empty.';
const NOTHING_REASON = 'No Philippine place is named in the address.';
const unmatched = (reason: string): BatchGeocodeResult => ({
  status: 'unmatched',
  match: null,
  candidates: [],
  reason,
});

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
export type BatchMatcher = (addresses: string[]) => Promise<BatchGeocodeResult[]>;

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
