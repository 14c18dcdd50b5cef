/**
 * POST /v1/geocode/batch's rows, shaped from the read model: each place the matcher offers (geocode/batch.ts) with
 * every level above it by code and official name, as they are now (a reorganized region or a created province
 * where the records put one), and the note that says why a person should look.
 */
import { regionCodeOf } from '../../contract/psgc.ts';
import { splitNote } from '../../contract/split-text.ts';
import type { BatchGeocodeResult, GeocodeCandidate, PlaceRef, ResolvedPlace } from '../../contract/types.ts';
import type { Unit } from '../../dataset/types.ts';
import type { GeocodeHit, MatchHits } from '../geocode/hit.ts';
import type { Places } from '../places.ts';
import { candidateOf } from './geocoded.ts';

const TOWN_LEVELS = new Set(['City', 'Mun', 'SGU']);
const PROVINCE_LEVELS = new Set(['Prov', 'Dist', 'SGA']);

/** One address's row: its places, the best first, and why a person should look where it is not matched. */
export function matchedAnswer(places: Places, row: MatchHits): BatchGeocodeResult {
  if (!row.hits.length)
    return { status: row.status, match: null, candidates: [], ...(row.reason && { reason: row.reason }) };
  const offered = row.hits.map((hit) => placeOf(places, hit));
  const reason = row.status === 'matched' ? null : (offered[0].note ?? fitReason(offered.length));
  return { status: row.status, match: offered[0], candidates: offered, ...(reason && { reason }) };
}

/** Why a place that is not sure is shown, when its own note says nothing. */
export const fitReason = (n: number) =>
  n === 1
    ? 'Only 1 place fits the address, and it explains too little of it to be sure.'
    : `${n} places fit the address; the best is shown.`;

/** The unit a hit names with every level above it, by code and official name, as they are now. */
function placeOf(places: Places, hit: GeocodeHit): ResolvedPlace {
  const c = candidateOf(places, hit);
  // Where the matcher ran in another thread, this one may not have read the barangay's town file: the barangay is
  // then the hit itself, and its town the nearest of the codes above it.
  const self = places.unit(c.code) ?? { code: c.code, name: c.name, level: c.level as Unit['level'] };
  const chain: Pick<Unit, 'code' | 'name' | 'level'>[] = c.split ? [] : [self];
  // A split barangay is no longer in the list: its town is, and the chain starts there.
  const start = c.split ? c.split.town.code : 'parent' in self ? self.parent : hit.up[0];
  for (
    let unit = start ? places.unit(start) : undefined;
    unit;
    unit = unit.parent ? places.unit(unit.parent) : undefined
  )
    chain.push(unit);
  const ref = (u: Pick<Unit, 'code' | 'name'> | undefined): PlaceRef | null =>
    u ? { code: u.code, name: u.name } : null;
  const town = chain.find((u) => TOWN_LEVELS.has(u.level));
  // An independent city lies in a province it is not under: that province, as people write it.
  const geoProvince = town && places.geoProvince(town.code);
  // NCR's towns are drawn under their district, which the code list does not make their parent.
  const area = town && places.unit(places.areaOf(town.code) ?? '');
  const codeListProvince =
    chain.find((u) => PROVINCE_LEVELS.has(u.level)) ??
    (geoProvince ? places.unit(geoProvince) : undefined) ??
    (area && PROVINCE_LEVELS.has(area.level) ? area : undefined);
  const codeListRegion = chain.find((u) => u.level === 'Reg') ?? places.unit(regionCodeOf(c.code));
  // Where the records moved it: the region it is in now, and the created province that lists it.
  const moved = places.movedParents(c.split ? c.split.town.code : c.code);
  const region = moved
    ? { code: moved.region.psgc ?? moved.region.shortCode, name: moved.region.name }
    : (ref(codeListRegion) ?? { code: regionCodeOf(c.code), name: '' });
  const province =
    moved?.province && !moved.province.psgc
      ? { code: moved.province.shortCode, name: moved.province.name }
      : ref(codeListProvince);
  return {
    psgc_code: c.code,
    level: c.level,
    name: c.name,
    barangay: c.split ? { code: c.code, name: c.name } : ref(chain.find((u) => u.level === 'Bgy')),
    city_municipality: ref(town),
    province,
    region,
    lat: c.lat,
    lng: c.lng,
    confidence: c.confidence ?? 0,
    note: noteOf(c),
    region_id: c.region_id,
    province_id: c.province_id,
    municity_id: c.municity_id,
    psgc_vintage: places.manifest.vintage,
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
