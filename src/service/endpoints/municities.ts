import type { FeatureCollection } from 'geojson';
import { isLongEnoughQuery, QUERY_ID_MAX, QUERY_MIN } from '../../contract/rules.ts';
import type {
  BarangayProps,
  MunicityDetail,
  MunicityListItem,
  MunicitySearchItem,
  MunicityType,
  Shape,
} from '../../contract/types.ts';
import { dataPaths, type FeatureProps } from '../../dataset/types.ts';
import { unitFacts } from '../answers/facts.ts';
import { provinceRef } from '../answers/province-record.ts';
import { provinceOfTown as provinceOf, townsOfProvince } from '../answers/towns.ts';
import { changesField } from '../changes.ts';
import type { MunicityEntity } from '../dataset.ts';
import { regionNumericId } from '../entities.ts';
import { badParam, notFound } from '../errors.ts';
import { paginate } from '../paginate.ts';
import { detailParam, foldName, intParam, textParam } from '../params.ts';
import type { Places } from '../places.ts';

const typeOf = (town: MunicityEntity): MunicityType => (town.unit.level === 'City' ? 'City' : 'Municipal');

function listItem(places: Places, town: MunicityEntity): MunicityListItem {
  return {
    id: town.numericId,
    name: town.unit.name,
    type: typeOf(town),
    code: town.unit.code,
    province: provinceRef(provinceOf(places, town)),
    ...(town.independent && { independent: true }),
    population: town.unit.population,
    ...unitFacts(town.unit, places.manifest),
  };
}

/** GET /v1/municities: the towns listed under one province, by name, optionally starting with `name`. */
export function listMunicities(places: Places, url: URL) {
  const { towns, page, limit } = townsOfProvince(places, url.searchParams, 'name');
  const { data, meta } = paginate(towns, url, page, limit);
  return { data: data.map((town) => listItem(places, town)), meta, error: null };
}

/**
 * GET /v1/municities/search: towns whose name contains every word of q (or that have q as ZIP code), best first;
 * `region_id` (as on /v1/provinces) keeps the towns of one region, as they are now (after any reorganization).
 */
export function searchMunicities(places: Places, url: URL) {
  const query = url.searchParams;
  const q = textParam(query, 'q') ?? '';
  if (!isLongEnoughQuery(q)) throw badParam('q', `q must have at least ${QUERY_MIN} letters or digits`);
  const limit = intParam(query, 'limit', 20, 100);
  const regionId = textParam(query, 'region_id', QUERY_ID_MAX);
  const region = regionId === null ? null : places.region(regionId);
  if (regionId !== null && !region) throw notFound('region', regionId);
  const needle = foldName(q);
  const words = needle.split(' ');
  const scored: { town: MunicityEntity; score: number }[] = [];
  // A ZIP code (extension): the towns that have it come first ("4027" → City of Calamba)
  const zip = /^\d{4}$/.test(needle) ? needle : null;
  for (const town of places.towns()) {
    if (region && places.regionOfTown(town)?.stringId !== region.stringId) continue;
    if (zip && town.unit.zipCodes?.includes(zip)) {
      scored.push({ town, score: -1 });
      continue;
    }
    const { name, bare } = places.foldedName(town);
    if (!words.every((w) => name.includes(w))) continue;
    const score = bare === needle || name === needle ? 0 : bare.startsWith(needle) || name.startsWith(needle) ? 1 : 2;
    scored.push({ town, score });
  }
  scored.sort((a, b) => a.score - b.score || (b.town.unit.population ?? 0) - (a.town.unit.population ?? 0));
  const data: MunicitySearchItem[] = scored.slice(0, limit).map(({ town }) => {
    const province = provinceOf(places, town);
    return {
      id: String(town.numericId),
      name: town.unit.name,
      type: typeOf(town),
      code: town.unit.code,
      p_code: province.psgc ?? '',
      province: province.name,
      province_id: province.id,
      region_id: places.regionOfTown(town)?.numericId ?? regionNumericId(town.unit.code),
    };
  });
  return { data, error: null };
}

/**
 * GET /v1/municities/{id}: id is the numeric id (or the 10-digit code). geometry=true means `detailed`
 * (barangay boundaries are for close-up work); simple|medium|detailed choose the level.
 */
export async function getMunicity(places: Places, id: string, url: URL) {
  const key = id.trim();
  const town = places.townOf(key);
  if (!town) throw notFound('city or municipality', key.slice(0, 100));
  const raw = url.searchParams.get('geometry');
  const detail = raw === 'true' ? 'detailed' : raw === 'false' ? null : detailParam(raw);
  const province = provinceOf(places, town);
  // Where a reorganization moved it, its region now.
  const region = places.regionOfTown(town)!;
  // The barangays' records and their polygons are read at once (each file once per dataset).
  const shapesFile = detail
    ? places.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.barangays(detail, town.unit.code))
    : undefined;
  shapesFile?.catch(() => {}); // awaited below, after the barangays
  const [barangays, changes] = await Promise.all([places.barangaysOf(town.unit.code), places.changes()]);
  const data: MunicityDetail = {
    id: town.numericId,
    name: town.unit.name,
    code: town.unit.code,
    type: typeOf(town),
    level: town.unit.level,
    city_class: town.unit.cityClass,
    income_class: town.unit.incomeClass,
    population: town.unit.population,
    province: provinceRef(province),
    region: { id: region.numericId, code: region.psgc ?? region.shortCode, name: region.name },
    barangay_count: barangays.length,
    ...(town.independent && { independent: true as const }),
    ...unitFacts(town.unit, places.manifest),
    ...changesField(changes, town.unit.code),
  };
  if (!shapesFile) return { data, error: null };
  const file = await shapesFile;
  const shapes = new Map(file.features.map((f) => [f.properties.code, f.geometry]));
  // Every barangay is listed; one with no polygon (new since the boundaries' vintage, or none in the source)
  // has a null geometry, so clients can say it has no boundary yet.
  const geojson: FeatureCollection<Shape | null, BarangayProps & { level: string }> = {
    type: 'FeatureCollection',
    features: barangays.map((unit) => ({
      type: 'Feature',
      id: unit.code,
      properties: {
        code: unit.code,
        name: unit.name,
        level: unit.level,
        poblacion: unit.poblacion,
        population: unit.population,
        ...unitFacts(unit, places.manifest),
        ...changesField(changes, unit.code),
      },
      geometry: shapes.get(unit.code) ?? null,
    })),
  };
  return { data, geojson, error: null };
}
