/**
 * /v1/geocode, its batch and reverse lookup. The geocoders' indexes are built from the code list alone and
 * shared by every service over it (src/service/geocoders.ts): their hits are placed by the read model
 * (Places.movedParents) as the answer is shaped, and created regions and provinces, which no index holds, are
 * found by their names here.
 */
import type { GeocodeCandidate, ResolvedPlace } from '../../contract/types.ts';
import type { GazetteerEntry } from '../../dataset/types.ts';
import { batchAddresses } from '../geocode/batch.ts';
import { geocodeParams } from '../geocode/query.ts';
import type { Geocoding } from '../geocoders.ts';
import { foldName } from '../params.ts';
import type { Places } from '../places.ts';

/** GET /v1/geocode: created units whose name holds the words typed come first, within the limit asked. */
export async function geocode(places: Places, geocoding: Geocoding, url: URL) {
  // An address abroad names no Philippine place: nothing, with the reason, rather than a near spelling.
  const abroad = geocoding.abroad(url.searchParams.get('q') ?? '');
  if (abroad) return { data: [], reason: abroad, error: null };
  // A name being typed, before the geocoder is built: its own answer, stored when the data was built.
  const { q, limit } = geocodeParams(url);
  const answer = {
    ...((await geocoding.typedAnswer(q, limit)) ?? (await geocoding.search(q, limit))),
    error: null,
  };
  const created = await createdCandidates(places, url.searchParams.get('q'));
  const data = [...created, ...answer.data.map((c) => relocateCandidate(places, c))];
  return { ...answer, data: data.slice(0, Math.max(answer.data.length, created.length)) };
}

/** POST /v1/geocode/batch: matched by the service's matcher (in-process, Web Workers or worker threads). */
export async function geocodeBatch(places: Places, geocoding: Geocoding, body: unknown) {
  const results = await geocoding.matcher(batchAddresses(body));
  const relocate = (place: ResolvedPlace) => relocatePlace(places, place);
  const data = results.map((result) => ({
    ...result,
    match: result.match && relocate(result.match),
    candidates: result.candidates.map(relocate),
  }));
  return { data, error: null };
}

/** GET /v1/geocode/reverse: what is at a point. */
export async function reverseGeocode(places: Places, geocoding: Geocoding, url: URL) {
  const { parsePoint } = await import('../geocode/reverse.ts');
  const [lng, lat] = parsePoint(url);
  return relocateReverse(places, await (await geocoding.reverse()).at(lng, lat));
}

const renamed = (names: string[], from: string | undefined, to: string | undefined) =>
  from && to ? names.map((n) => (n === from ? to : n)) : names;

/** A geocoder candidate (GET /v1/geocode) with its parents as reorganized. */
function relocateCandidate<
  T extends { code: string; parents: string[]; region_id: number; province_id: string | null },
>(places: Places, candidate: T): T {
  const moved = places.movedParents(candidate.code);
  if (!moved) return candidate;
  let parents = renamed(candidate.parents, moved.builtInRegion?.name, moved.region.name);
  parents = renamed(parents, moved.oldProvince?.name, moved.province?.name);
  return {
    ...candidate,
    parents,
    region_id: moved.region.numericId,
    province_id: moved.province?.id ?? candidate.province_id,
  };
}

/** A matched place (POST /v1/geocode/batch) with its region and province as reorganized. */
function relocatePlace<
  T extends {
    psgc_code: string;
    region: { code: string; name: string };
    province: { code: string; name: string } | null;
    region_id: number;
    province_id: string | null;
  },
>(places: Places, place: T): T {
  const moved = places.movedParents(place.psgc_code);
  if (!moved) return place;
  const { region, province } = moved;
  return {
    ...place,
    region: { code: region.psgc ?? region.shortCode, name: region.name },
    province: province && !province.psgc ? { code: province.shortCode, name: province.name } : place.province,
    region_id: region.numericId,
    province_id: province?.id ?? place.province_id,
  };
}

/** "What is here" (GET /v1/geocode/reverse) naming the region and province as reorganized. */
function relocateReverse<
  T extends {
    data: {
      municity: { code: string } | null;
      province: { id: string; name: string; code: string | null } | null;
      region: { code: string; name: string; level: string } | null;
    } | null;
  },
>(places: Places, answer: T): T {
  const data = answer.data;
  const moved = data?.municity && places.movedParents(data.municity.code);
  if (!data || !moved) return answer;
  const { region, province } = moved;
  return {
    ...answer,
    data: {
      ...data,
      region: { code: region.psgc ?? region.shortCode, name: region.name, level: 'Reg', id: region.stringId },
      province: province ? { id: province.id, name: province.name, code: province.psgc } : data.province,
    },
  };
}

/**
 * Created regions and provinces made of places whose name the query holds (or that hold the query), as geocoder
 * candidates placed at their first member's point: the search box finds them like any other place.
 */
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

async function createdCandidates(places: Places, q: string | null): Promise<GeocodeCandidate[]> {
  const needle = foldName(q ?? '');
  if (needle.length < 3) return [];
  const wanted = <T extends { name: string; shortCode: string; createdAt: string | null }>(unit: T) => {
    if (!unit.createdAt) return false;
    // Its name holds the words typed (not the other way round: "Dao, Capiz, Panay Region" is an address in it).
    return foldName(unit.name).includes(needle) || foldName(unit.shortCode) === needle;
  };
  const regions = places.regions.filter(wanted);
  const provinces = places.provinces.filter(wanted);
  if (!regions.length && !provinces.length) return [];
  const points = pointsOf(await places.gazetteer());
  const out: GeocodeCandidate[] = [];
  for (const region of regions) {
    const point = (places.regionMembers.get(region.stringId) ?? []).map((a) => points.get(a)).find(Boolean);
    if (!point) continue;
    out.push(candidate(region.stringId, region.name, 'Reg', region.shortCode, point, [], region.numericId, null));
  }
  for (const province of provinces) {
    const point = province.municities.map((t) => points.get(t)).find(Boolean);
    const region = places.region(province.regionCode);
    if (!point || !region) continue;
    out.push(
      candidate(
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

function candidate(
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
