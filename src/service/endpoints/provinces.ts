/**
 * /v1/provinces: lists (paged as the live service's, or bare as the interface document's), a province with its
 * towns' outlines, the search by codes, and the created provinces' create, rename and undo.
 */

import type { Feature, FeatureCollection } from 'geojson';
import { isPsgcCode, nineDigitFormOf } from '../../contract/psgc.ts';
import { PROVINCE_CODE, QUERY_ID_MAX } from '../../contract/rules.ts';
import type { Shape } from '../../contract/types.ts';
import { dataPaths, type FeatureProps } from '../../dataset/types.ts';
import { provinceRecord } from '../answers/province-record.ts';
import { changesField } from '../changes.ts';
import type { ProvinceEntity, RegionEntity } from '../dataset.ts';
import { badParam, notFound } from '../errors.ts';
import { paginate } from '../paginate.ts';
import {
  codesField,
  detailParam,
  intParam,
  nameField,
  objectBody,
  searchOutput,
  stringField,
  textParam,
} from '../params.ts';
import type { Places } from '../places.ts';
import { drawProvinceChange, isDryRun, proposedProvince } from '../reorganize/drawing.ts';
import { provinceMembers, refuseMembers } from '../reorganize/members.ts';
import {
  addProvince,
  checkNewProvince,
  createdProvince,
  removeProvince,
  renameProvince,
} from '../reorganize/province-records.ts';
import type { Actor, NewProvince } from '../store.ts';
import type { Writes } from '../writes.ts';

/**
 * GET /v1/provinces: region_id takes the region's string id, numeric id, PSGC code or short code. As the
 * interface document has it, `limit` caps a bare list (all by default); with `page`, as the live service
 * documents it, the list is paged like the others (10 a page by default, at most 100) and carries `meta`.
 */
export function listProvinces(places: Places, url: URL) {
  const query = url.searchParams;
  // The live service pages its provinces always, as its other lists (10 by default).
  const paged = query.get('page') !== null || places.flavour === 'live';
  const page = intParam(query, 'page', 1);
  const limit = paged ? intParam(query, 'limit', 10, 100) : intParam(query, 'limit', 1000, 1000);
  let provinces = places.provinces;
  const regionId = textParam(query, 'region_id', QUERY_ID_MAX);
  if (regionId !== null) {
    const region = places.region(regionId);
    if (!region) throw notFound('region', regionId);
    provinces = provinces.filter((p) => places.region(p.regionCode)?.stringId === region.stringId);
  }
  if (!paged) return { data: provinces.slice(0, limit).map((p) => provinceRecord(places, p)) };
  const { data, meta } = paginate(provinces, url, page, limit);
  const records = places.flavour === 'live' ? data.map(liveListItem) : data.map((p) => provinceRecord(places, p));
  return { data: records, meta, error: null };
}

/**
 * A province as the live service's list documents it: a numeric id, the old 9-digit code (the correspondence
 * code), and the region's 9-digit code as a number (`{ id: 1, name: 'Abra', code: '140100000', region_id:
 * 140000000 }`). A province without a PSGC unit (Metro Manila, a created one) keeps its short code.
 */
function liveListItem(p: ProvinceEntity) {
  const region = p.regionCode;
  return {
    id: p.numericId,
    name: p.name,
    code: (p.psgc && nineDigitFormOf(p.psgc)) || p.shortCode,
    region_id: isPsgcCode(region) ? Number(nineDigitFormOf(region)) : region,
  };
}

/**
 * GET /v1/provinces/{id}: the bare record; with geometry=<level>, { data, geojson, error } where geojson holds
 * the cities and municipalities listed under the province (independent cities lying in it included).
 */
export async function getProvince(places: Places, id: string, url: URL) {
  const province = places.province(id);
  if (!province) throw notFound('province', id);
  const detail = detailParam(url.searchParams.get('geometry'));
  // The towns' polygons are read while the change report is: one after the other, a shared link's first
  // answers waited for both in turn.
  const files = detail
    ? province.areas.map((area) =>
        places.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.municities(detail, area)),
      )
    : [];
  for (const file of files) file.catch(() => {}); // awaited below
  const changes = await places.changes();
  const record = { ...provinceRecord(places, province), ...(province.psgc && changesField(changes, province.psgc)) };
  // The live service envelopes a province's detail, its PSGC code as `code` and its population as `pop`.
  const live = places.flavour === 'live' && {
    id: province.numericId,
    name: province.name,
    code: province.psgc ?? province.shortCode,
    pop: province.population,
  };
  if (!detail) return live ? { data: live, error: null } : record;
  const shapes = new Map<string, Shape>();
  for (const file of await Promise.all(files)) for (const f of file.features) shapes.set(f.properties.code, f.geometry);
  // Every town listed, in list order; one with no polygon has a null geometry.
  const features: Feature<Shape | null, FeatureProps & { id: number; type: string; independent: boolean }>[] =
    province.municities.map((code) => {
      const town = places.town(code)!;
      return {
        type: 'Feature',
        id: town.numericId,
        properties: {
          code,
          name: town.unit.name,
          level: town.unit.level,
          id: town.numericId,
          type: town.unit.level === 'City' ? 'City' : 'Municipal',
          independent: town.independent,
        },
        geometry: shapes.get(code) ?? null,
      };
    });
  return { data: live || record, geojson: { type: 'FeatureCollection', features }, error: null };
}

/**
 * POST /v1/provinces/search: the provinces of the PSGC codes given (1 to 100; unknown ones are left out), in
 * the order given, each with its own outline at `geometry` (simple by default): the province-level area of the
 * code, without the independent cities that lie in it (they are areas of their own). `output: 'geojson'`
 * answers a FeatureCollection whose properties are id, name and code (the PSGC code), as the live service's.
 */
export async function searchProvinces(places: Places, body: unknown) {
  const input = objectBody(body);
  const codes = codesField(input, 'codes', 'province');
  const { detail, output } = searchOutput(input);
  const provinces = codes
    .map((code) => places.provinceByPsgc(code))
    .filter((p): p is ProvinceEntity => p !== undefined);
  // Each as it is now: without the towns moved out of it into a created province.
  const outlines = await places.provinceOutlines(provinces, detail);
  const shapes = new Map(provinces.map((p, i) => [p.id, outlines[i]]));
  const geometryOf = (p: ProvinceEntity): Shape | null => shapes.get(p.id) ?? null;
  if (output === 'json') return provinces.map((p) => ({ ...provinceRecord(places, p), geometry: geometryOf(p) }));
  const features: Feature<Shape | null, { id: string; name: string; code: string }>[] = provinces.map((p) => ({
    type: 'Feature',
    id: p.numericId,
    properties: { id: p.id, name: p.name, code: p.psgc ?? p.shortCode },
    geometry: geometryOf(p),
  }));
  return { type: 'FeatureCollection', features };
}

/**
 * POST /v1/provinces. With `municity_ids` the cities and municipalities named (of the region given)
 * move into it, and the provinces they leave lose them; `?dry_run=true` stores nothing.
 */
export async function createProvince(writes: Writes, body: unknown, url?: URL, actor?: Actor) {
  const input = objectBody(body);
  const name = nameField(input, 'name');
  const regionId = stringField(input, 'region_id', QUERY_ID_MAX);
  const code = stringField(input, 'code', PROVINCE_CODE.max).toUpperCase();
  if (!PROVINCE_CODE.pattern.test(code)) throw badParam('code', `code must be ${PROVINCE_CODE.words}`);
  // A region created through another server on the same database moments ago may not be heard of yet.
  let region = writes.places().region(regionId);
  if (!region && (await writes.catchUp())) region = writes.places().region(regionId);
  if (!region) throw badParam('region_id', `No region with id "${regionId}"`, { value: regionId });
  const members = provinceMembers(writes.places(), input);
  const dryRun = isDryRun(url);
  const province: NewProvince = {
    name,
    regionId: region.stringId,
    code,
    createdAt: new Date().toISOString(),
    ...(members && { members: members.towns }),
  };
  if (dryRun) return previewProvince(writes, province, region, members, url);
  const stored = await addProvince(writes, province, region, members?.groups, actor);
  const places = writes.places();
  const record = provinceRecord(places, places.province(stored.id)!);
  return members ? { ...record, members: members.groups.map((g) => g.ref) } : record;
}

/** `?dry_run=true`: the province as it would be, the provinces it changes drawn at `geometry` (simple by default). */
async function previewProvince(
  writes: Writes,
  province: NewProvince,
  region: RegionEntity,
  members: ReturnType<typeof provinceMembers>,
  url: URL | undefined,
) {
  const places = writes.places();
  checkNewProvince(places, province, region, members?.groups);
  const detail = detailParam(url?.searchParams.get('geometry') ?? null) ?? 'simple';
  // The answer is shaped from a snapshot of the records with the province proposed; the service's own is unchanged.
  const preview = writes.placesWith({ province: proposedProvince(province) });
  const drawn = await drawProvinceChange(preview, 'preview', members?.towns ?? [], [detail]);
  return {
    data: {
      province: {
        ...provinceRecord(preview, preview.provinces.at(-1)!),
        members: members?.groups.map((g) => g.ref) ?? [],
      },
      provinces: drawn.get(detail)!.map(({ unit: p, geometry }) => ({ ...provinceRecord(preview, p), geometry })),
      moves: (members?.groups ?? []).map((g) => {
        const from = places.provinceOfTown(g.ref.code);
        return { ...g.ref, from: from ? { id: from.id, name: from.name, code: from.shortCode } : null };
      }),
    },
    error: null,
  };
}

/** PATCH /v1/provinces/{id}: a created province renamed or recoded; answers as GET /v1/provinces/{id}. */
export async function patchProvince(writes: Writes, id: string, body: unknown, url: URL, actor?: Actor) {
  const province = createdProvince(writes.places(), id);
  const input = objectBody(body);
  refuseMembers(input, 'municity_ids');
  if (input.region_id !== undefined) {
    throw badParam('region_id', 'a province does not change region: undo it and create it in the other one');
  }
  const name = input.name === undefined ? province.name : nameField(input, 'name');
  const code =
    input.code === undefined ? province.shortCode : stringField(input, 'code', PROVINCE_CODE.max).toUpperCase();
  if (!PROVINCE_CODE.pattern.test(code)) throw badParam('code', `code must be ${PROVINCE_CODE.words}`);
  await renameProvince(writes, province, { name, code }, actor);
  return getProvince(writes.places(), province.id, url);
}

/** DELETE /v1/provinces/{id} */
export async function deleteProvince(writes: Writes, id: string, actor?: Actor) {
  const province = createdProvince(writes.places(), id);
  await removeProvince(writes, province, actor);
  return { data: { id: province.id, name: province.name, code: province.shortCode, deleted: true }, error: null };
}
