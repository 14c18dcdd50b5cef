/**
 * The geocoders' answers, shaped from the read model (src/service/places.ts). The geocoder finds units of the code
 * list by code (geocode/hit.ts), its index shared by every service over that list; the names of the units above
 * them and the explorer's ids are read here, from the snapshot, which knows where a reorganization put each of
 * them. Created regions and provinces, which no geocoder indexes, are found by their names in the snapshot's own
 * index (Places.createdNamed). The batch's places are shaped from these candidates (matched.ts).
 */
import { regionCodeOf } from '../../contract/psgc.ts';
import type { GeocodeCandidate } from '../../contract/types.ts';
import type { GazetteerEntry } from '../../dataset/types.ts';
import { regionNumericId } from '../entities.ts';
import type { GeocodeHit, GeocodeHits } from '../geocode/hit.ts';
import type { PlaceAt } from '../geocode/reverse.ts';
import { foldName } from '../params.ts';
import type { MovedParents, Places } from '../places.ts';

/** The province id the API gives Metro Manila, which lists its districts (it has no PSGC code of its own). */
const METRO_MANILA_ID = '13000';

/** Where a hit stands now: the code list's unit it is or lies in, and where a reorganization moved that. */
function movedOf(places: Places, hit: GeocodeHit): MovedParents | undefined {
  return places.movedParents(hit.split ? hit.split.town.code : hit.code);
}

/** The names of the units above a hit, nearest first, as they are now. */
function parentsOf(places: Places, hit: GeocodeHit, moved: MovedParents | undefined): string[] {
  const display = (code: string) => {
    const unit = places.unit(code);
    return !unit ? '' : unit.level === 'Dist' ? 'Metro Manila' : unit.name;
  };
  const parents = [...new Set(hit.up.map(display).filter(Boolean))];
  // The NCR's towns are Metro Manila's, whether or not the code list puts a district between.
  if (hit.code.startsWith('13') && hit.level !== 'Reg' && !parents.includes('Metro Manila')) {
    parents.splice(parents.length - 1, 0, 'Metro Manila');
  }
  if (!moved) return parents;
  // The region and the province that list it now stand where the code list's did.
  const now = new Map<string, string>();
  if (moved.builtInRegion) now.set(moved.builtInRegion.name, moved.region.name);
  if (moved.oldProvince && moved.province) now.set(moved.oldProvince.name, moved.province.name);
  return parents.map((name) => now.get(name) ?? name);
}

/** Where the explorer shows a hit: its region, the province listing its town, and the town, as they are now. */
function pathOf(places: Places, hit: GeocodeHit, moved: MovedParents | undefined) {
  const town = [hit.code, ...hit.up].map((c) => places.town(c)).find(Boolean);
  const province = town
    ? town.province
    : ((places.provinceByPsgc(hit.code) ?? (hit.level === 'Dist' ? places.province(METRO_MANILA_ID) : undefined))?.id ??
      null);
  return {
    region_id: moved ? moved.region.numericId : regionNumericId(hit.code),
    province_id: moved?.province?.id ?? province,
    municity_id: town ? town.numericId : null,
  };
}

/** A geocoder hit as GET /v1/geocode answers it: with its parents' names and the explorer's ids. */
export function candidateOf(places: Places, hit: GeocodeHit): GeocodeCandidate {
  const moved = movedOf(places, hit);
  const { up: _, id, name, lat, lng, level, code, ...rest } = hit;
  const parents = parentsOf(places, hit, moved);
  return { id, name, lat, lng, level, code, parents, ...rest, ...pathOf(places, hit, moved) };
}

/**
 * GET /v1/geocode's answer: the created units the query names first (a created unit's name is what was typed),
 * then the geocoder's, within the limit asked or as many created units as the query names.
 */
export async function geocodeAnswer(places: Places, answer: GeocodeHits, q: string) {
  const shaped = { ...answer, error: null };
  const created = await createdCandidates(places, q);
  const data = [...created, ...answer.data.map((hit) => candidateOf(places, hit))];
  return { ...shaped, data: data.slice(0, Math.max(answer.data.length, created.length)) };
}

/** "What is here" (GET /v1/geocode/reverse): the barangay, town, province and region at a point, as they are now. */
export function placeAtAnswer(places: Places, at: PlaceAt | null) {
  if (!at) return { data: null, error: null };
  const describe = (code: string | null) => {
    const unit = code ? places.unit(code) : undefined;
    return unit ? { code: unit.code, name: unit.name, level: unit.level } : null;
  };
  const town = places.town(at.town);
  const municity = describe(at.town);
  const province = places.provinceOfTown(at.town);
  const moved = places.movedParents(at.town);
  const region = moved?.region;
  return {
    data: {
      barangay: describe(at.barangay),
      // An independent city lies in the province named below but is not part of it (extension).
      municity:
        municity && town?.independent ? { ...municity, independent: true, city_class: town.unit.cityClass } : municity,
      province: province ? { id: province.id, name: province.name, code: province.psgc } : null,
      region: region
        ? { code: region.psgc ?? region.shortCode, name: region.name, level: 'Reg', id: region.stringId }
        : describe(regionCodeOf(at.town)),
    },
    error: null,
  };
}

/** Each unit's point in the gazetteer, indexed once per gazetteer read (42,000 entries). */
const pointIndexes = new WeakMap<GazetteerEntry[], Map<string, [number, number] | null>>();
function pointsOf(gazetteer: GazetteerEntry[]) {
  let points = pointIndexes.get(gazetteer);
  if (!points) {
    points = new Map(gazetteer.map((g) => [g.code, g.point]));
    pointIndexes.set(gazetteer, points);
  }
  return points;
}

/** The created regions and provinces a query names, as candidates placed at their first member's point. */
async function createdCandidates(places: Places, q: string): Promise<GeocodeCandidate[]> {
  const { regions, provinces } = places.createdNamed(foldName(q));
  if (!regions.length && !provinces.length) return [];
  const points = pointsOf(await places.gazetteer());
  const out: GeocodeCandidate[] = [];
  for (const region of regions) {
    const point = (places.regionMembers.get(region.stringId) ?? []).map((a) => points.get(a)).find(Boolean);
    if (!point) continue;
    out.push(created(region.stringId, region.name, 'Reg', region.shortCode, point, [], region.numericId, null));
  }
  for (const province of provinces) {
    const point = province.municities.map((t) => points.get(t)).find(Boolean);
    const region = places.region(province.regionCode);
    if (!point || !region) continue;
    out.push(
      created(
        province.id,
        province.name,
        'Prov',
        province.shortCode,
        point,
        [region.name],
        region.numericId,
        province.id,
      ),
    );
  }
  return out;
}

function created(
  id: string,
  name: string,
  level: string,
  code: string,
  [lng, lat]: [number, number],
  parents: string[],
  regionId: number,
  provinceId: string | null,
): GeocodeCandidate {
  return {
    id,
    name,
    lat,
    lng,
    level,
    code,
    parents,
    score: 1,
    confidence: 1,
    region_id: regionId,
    province_id: provinceId,
    municity_id: null,
  };
}
