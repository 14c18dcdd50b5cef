/**
 * Reorganizing the map (issue 18): a created region made of provinces and independent cities, a created province
 * made of cities and municipalities, what they take from their former parents, and undoing or renaming them.
 * The rules, in docs/api-decisions.md ("Reorganizations"):
 * - a place moves into one created unit at a time (another admin's move first: 409 naming it; undo it to move
 *   the place again), and only a place of the code list moves;
 * - a province whose towns were lent to a created province does not move into a region (409), since those towns
 *   would be left in a region their province left;
 * - a created province takes towns of its own region only;
 * - a created region that holds created provinces is undone after them (409).
 */
import type { MultiPolygon } from 'geojson';
import { PROVINCE_CODE, REGION_CODE } from '../contract/rules.ts';
import type { DetailLevel, GeocodeCandidate } from '../contract/types.ts';
import { DETAILS, type GazetteerEntry } from '../dataset/types.ts';
import type { ServiceContext } from './context.ts';
import { type ProvinceEntity, type RegionEntity, regionStringId } from './dataset.ts';
import { badParam, notFound, ServiceError } from './errors.ts';
import { fold, nameField, nameKey, objectBody, shown, stringField } from './params.ts';
import { type Places, placesOf } from './places.ts';
import type { Actor, CreatedRecords, CreatedRegion, NewProvince, NewRegion } from './store.ts';
import { DuplicateRecord, type MemberTaken } from './store.ts';

/** The most members one create takes (a region of every province of the country is 118). */
export const MAX_MEMBERS = 200;

/** A member as answers name it. */
export interface MemberRef {
  id: string;
  code: string;
  name: string;
  kind: 'province' | 'city' | 'municipality';
}

function idList(body: Record<string, unknown>, field: string): string[] | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw badParam(field, `${field} must be an array of ids`);
  if (value.length < 1) throw badParam(field, `${field} must not be empty: leave it out to create a unit from nothing`);
  if (value.length > MAX_MEMBERS) throw badParam(field, `${field} must hold at most ${MAX_MEMBERS} ids`);
  return value.map((v) => {
    if ((typeof v !== 'string' || !v.trim()) && !(typeof v === 'number' && Number.isSafeInteger(v))) {
      throw badParam(field, `each of ${field} must be an id (a string or a whole number)`, { value: shown(v, 40) });
    }
    return String(v).trim();
  });
}

/** A region's members: each id a province of the code list or an independent city, as its areas. */
export function regionMembers(ctx: ServiceContext, body: Record<string, unknown>) {
  const ids = idList(body, 'province_ids');
  if (!ids) return undefined;
  const places = ctx.places();
  const groups: MemberGroup[] = [];
  const seen = new Map<string, string>();
  for (const id of ids) {
    const province = places.province(id);
    if (province && !province.createdAt) {
      const own = places.ownAreas(province);
      if (!own.length)
        throw badParam('province_ids', `${province.name} has no place of its own to move`, { value: id });
      once(seen, own[0], id);
      const ref: MemberRef = {
        id: province.id,
        code: province.psgc ?? province.shortCode,
        name: province.name,
        kind: 'province',
      };
      groups.push({ ref, areas: own });
      continue;
    }
    if (province) {
      throw badParam('province_ids', `${province.name} is a created province: it stays in the region it was made in`, {
        value: id,
      });
    }
    const town = ctx.data.townOf(id);
    if (!town?.independent) {
      throw badParam('province_ids', `No province or independent city with id "${shown(id, 40)}"`, { value: id });
    }
    once(seen, town.area, id);
    groups.push({
      ref: { id: String(town.numericId), code: town.unit.code, name: town.unit.name, kind: 'city' },
      areas: [town.area],
    });
  }
  return { groups, areas: groups.flatMap((g) => g.areas) };
}

/** A province's members: cities and municipalities by id or PSGC code. */
export function provinceMembers(ctx: ServiceContext, body: Record<string, unknown>) {
  const ids = idList(body, 'municity_ids');
  if (!ids) return undefined;
  const groups: MemberGroup[] = [];
  const seen = new Map<string, string>();
  for (const id of ids) {
    const town = ctx.data.townOf(id);
    if (!town) throw badParam('municity_ids', `No city or municipality with id "${shown(id, 40)}"`, { value: id });
    once(seen, town.unit.code, id, 'municity_ids');
    const kind = town.unit.level === 'City' ? 'city' : 'municipality';
    groups.push({
      ref: { id: String(town.numericId), code: town.unit.code, name: town.unit.name, kind },
      areas: [town.unit.code],
    });
  }
  return { groups, towns: groups.flatMap((g) => g.areas) };
}

function once(seen: Map<string, string>, key: string, id: string, field = 'province_ids') {
  const first = seen.get(key);
  if (first !== undefined) {
    throw badParam(field, `${field} names one place twice ("${shown(first, 40)}" and "${shown(id, 40)}")`, {
      value: id,
    });
  }
  seen.set(key, id);
}

/**
 * 409 when a member was moved already, or is a province that lent towns to a created province; checked again
 * inside the queue of changes, just before the store keeps the move.
 */
export function checkRegionMembersFree(ctx: ServiceContext, groups: MemberGroup[]) {
  const places = ctx.places();
  const moved = groups.filter((g) => g.areas.some((a) => places.movedAreas.has(a)));
  if (moved.length) {
    const owners = moved.map((g) => {
      const owner = places.movedAreas.get(g.areas.find((a) => places.movedAreas.has(a))!);
      return places.regions.find((r) => r.stringId === owner)?.name ?? 'a created region';
    });
    throw movedAlready(
      moved.map((g) => g.ref),
      owners,
    );
  }
  const lenders = groups.filter(
    (g) => g.ref.kind === 'province' && g.areas.some((a) => places.lentTowns(a).length > 0),
  );
  if (lenders.length) {
    const refs = lenders.map((g) => g.ref);
    throw new ServiceError(
      409,
      'member_lent',
      `${names(refs)} lent towns to a created province; undo that province first`,
      {
        members: refs,
      },
    );
  }
}

export interface MemberGroup {
  ref: MemberRef;
  areas: string[];
}

function movedAlready(members: MemberRef[], owners: string[]) {
  const where = [...new Set(owners)].join(' and ');
  return new ServiceError(409, 'member_moved', `${names(members)} moved into ${where} already`, {
    members: members.map((m, i) => ({ ...m, now_in: owners[i] })),
  });
}

const names = (members: MemberRef[]) => {
  const list = members.map((m) => m.name);
  return list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
};

/** 409 when a town is in a created province already; 400 when it is not in the province's region. */
export function checkProvinceMembers(ctx: ServiceContext, groups: MemberGroup[], region: RegionEntity) {
  const places = ctx.places();
  const towns = groups.map((g) => g.ref.code);
  const refs = groups.map((g) => g.ref);
  const taken = refs.filter((_, i) => places.movedTowns.has(towns[i]));
  if (taken.length) {
    const owners = taken.map((m) => {
      const id = places.movedTowns.get(m.code);
      return places.provinces.find((p) => p.id === id)?.name ?? 'a created province';
    });
    throw movedAlready(taken, owners);
  }
  const elsewhere = refs.filter((_, i) => {
    const town = ctx.data.municities.get(towns[i])!;
    return places.regionOfTown(town)?.stringId !== region.stringId;
  });
  if (elsewhere.length) {
    throw badParam('municity_ids', `${names(elsewhere)} ${elsewhere.length > 1 ? 'are' : 'is'} not in ${region.name}`, {
      members: elsewhere,
    });
  }
}

/** A store's refusal of taken members as the 409 the checks give. */
export function memberConflict(error: MemberTaken, groups: MemberGroup[]) {
  const taken = new Set(error.codes);
  const members = groups.filter((g) => g.areas.some((a) => taken.has(a))).map((g) => g.ref);
  return movedAlready(
    members,
    members.map(() => `another created ${error.kind}`),
  );
}

/** The records as they would be with one more region or province: what a preview and a save draw. */
export function recordsWith(
  ctx: ServiceContext,
  added: { region?: NewRegion; province?: NewProvince },
): CreatedRecords {
  const records = ctx.records;
  return {
    version: 1,
    regions: added.region ? [...records.regions, { ...added.region, numericId: -1 }] : records.regions,
    provinces: added.province
      ? [...records.provinces, { ...added.province, numericId: -1, id: 'preview' }]
      : records.provinces,
  };
}

/** Regions whose outline a region's members change: the new one and those they leave. */
export function regionsTouched(places: Places, stringId: string, areas: string[]) {
  const from = new Set(areas.map((a) => `${a.slice(0, 2)}00000000`));
  return places.regions.filter((r) => r.stringId === stringId || (r.psgc && from.has(r.psgc)));
}

/**
 * Draws, at the details asked, the outlines a change of the records makes: the regions' (or a province's and its
 * former parents'). They are kept by what they are made of, so the answers after the save read them drawn.
 */
export async function drawRegionChange(
  ctx: ServiceContext,
  records: CreatedRecords,
  stringId: string,
  areas: string[],
  details: readonly DetailLevel[] = DETAILS,
) {
  const places = placesOf(ctx.data, records);
  const touched = regionsTouched(places, stringId, areas);
  const out = new Map<DetailLevel, { region: RegionEntity; geometry: MultiPolygon | null }[]>();
  for (const detail of details) {
    const shapes = await ctx.outlines.regions(places, touched, detail);
    out.set(
      detail,
      touched.map((region, i) => ({ region, geometry: shapes[i] })),
    );
  }
  return { places, out };
}

export async function drawProvinceChange(
  ctx: ServiceContext,
  records: CreatedRecords,
  provinceId: string,
  towns: string[],
  details: readonly DetailLevel[] = DETAILS,
) {
  const places = placesOf(ctx.data, records);
  const fromIds = new Set(towns.map((t) => ctx.data.municities.get(t)?.province));
  const touched = places.provinces.filter((p) => p.id === provinceId || fromIds.has(p.id));
  const out = new Map<DetailLevel, { province: ProvinceEntity; geometry: MultiPolygon | null }[]>();
  for (const detail of details) {
    const shapes = await ctx.outlines.provinces(places, touched, detail);
    out.set(
      detail,
      touched.map((province, i) => ({ province, geometry: shapes[i] })),
    );
  }
  return { places, out };
}

/** The context as it would be with the records of a preview: each answer of it reads those places. */
export const previewOf = (ctx: ServiceContext, places: Places): ServiceContext =>
  Object.create(ctx, { places: { value: () => places } });

/** `?dry_run=true`: what a create would do, drawn at `geometry` (simple by default), nothing stored. */
export const isDryRun = (url: URL | undefined) => {
  const value = url?.searchParams.get('dry_run');
  if (value === null || value === undefined || value === 'false') return false;
  if (value === 'true' || value === '1' || value === '') return true;
  throw badParam('dry_run', 'dry_run must be true or false');
};

// ---- Undo and rename -------------------------------------------------------------------------------------------

const builtIn = (what: string, name: string) =>
  new ServiceError(403, 'forbidden', `${name} is ${what} of the PSGC code list: only created ones can be changed`);

/** DELETE /v1/regions/{id}: a created region undone; its members go back where they were. */
export async function deleteRegion(ctx: ServiceContext, id: string, actor?: Actor) {
  const region = findRegionById(ctx, id);
  if (region.psgc || !region.createdAt) throw builtIn('a region', region.name);
  await ctx.change(
    () => {
      const held = ctx.records.provinces.filter((p) => p.regionId === region.stringId);
      if (held.length) {
        throw new ServiceError(
          409,
          'has_created_provinces',
          `${region.name} holds created provinces (${held.map((p) => p.name).join(', ')}); undo them first`,
          { provinces: held.map((p) => ({ id: p.id, name: p.name })) },
        );
      }
    },
    async () => {
      if (!(await ctx.store.removeRegion(region.numericId, actor))) throw notFound('region', id);
    },
    () => {
      ctx.records.regions = ctx.records.regions.filter((r) => r.numericId !== region.numericId);
    },
  );
  return { data: { id: region.stringId, name: region.name, code: region.shortCode, deleted: true }, error: null };
}

/** DELETE /v1/provinces/{id} */
export async function deleteProvince(ctx: ServiceContext, id: string, actor?: Actor) {
  const province = findProvinceById(ctx, id);
  if (!province.createdAt) throw builtIn('a province', province.name);
  await ctx.change(
    () => undefined,
    async () => {
      if (!(await ctx.store.removeProvince(province.numericId, actor))) throw notFound('province', id);
    },
    () => {
      ctx.records.provinces = ctx.records.provinces.filter((p) => p.numericId !== province.numericId);
    },
  );
  return { data: { id: province.id, name: province.name, code: province.shortCode, deleted: true }, error: null };
}

function findRegionById(ctx: ServiceContext, id: string): RegionEntity {
  const region = ctx.places().region(id);
  if (!region) throw notFound('region', id);
  return region;
}

function findProvinceById(ctx: ServiceContext, id: string): ProvinceEntity {
  const province = ctx.places().province(id);
  if (!province) throw notFound('province', id);
  return province;
}

/** PATCH /v1/regions/{id}: a created region renamed or recoded (either field, or both). */
export async function patchRegion(ctx: ServiceContext, id: string, body: unknown, actor?: Actor) {
  const region = findRegionById(ctx, id);
  if (region.psgc || !region.createdAt) throw builtIn('a region', region.name);
  const input = objectBody(body);
  refuseMembers(input, 'province_ids');
  const name = input.name === undefined ? region.name : nameField(input, 'name');
  const code = input.code === undefined ? region.shortCode : stringField(input, 'code', REGION_CODE.max).toUpperCase();
  if (!REGION_CODE.pattern.test(code)) throw badParam('code', `code must be ${REGION_CODE.words}`);
  const stringId = regionStringId(code);
  const codeTaken = () =>
    new ServiceError(409, 'duplicate', `A region with code ${code} already exists`, { field: 'code', code });
  const stored = await ctx
    .change(
      () => {
        const others = ctx.places().regions.filter((r) => r.stringId !== region.stringId);
        if (others.some((r) => r.shortCode.toUpperCase() === code || r.stringId === stringId)) throw codeTaken();
        const named = others.find((r) => nameKey(r.name) === nameKey(name));
        if (named) {
          throw new ServiceError(409, 'duplicate', `A region named ${named.name} already exists`, {
            field: 'name',
            name: named.name,
          });
        }
      },
      async () => {
        const updated = await ctx.store.updateRegion(region.numericId, { name, code, stringId }, actor);
        if (!updated) throw notFound('region', id);
        return updated;
      },
      (updated: CreatedRegion) => {
        for (const p of ctx.records.provinces) if (p.regionId === region.stringId) p.regionId = updated.stringId;
        ctx.records.regions = ctx.records.regions.map((r) => (r.numericId === updated.numericId ? updated : r));
      },
    )
    .catch((error: unknown) => {
      throw error instanceof DuplicateRecord ? codeTaken() : error;
    });
  return { id: stored.stringId, name: stored.name, code: stored.code };
}

/** PATCH /v1/provinces/{id} */
export async function patchProvince(ctx: ServiceContext, id: string, body: unknown, actor?: Actor) {
  const province = findProvinceById(ctx, id);
  if (!province.createdAt) throw builtIn('a province', province.name);
  const input = objectBody(body);
  refuseMembers(input, 'municity_ids');
  if (input.region_id !== undefined) {
    throw badParam('region_id', 'a province does not change region: undo it and create it in the other one');
  }
  const name = input.name === undefined ? province.name : nameField(input, 'name');
  const code =
    input.code === undefined ? province.shortCode : stringField(input, 'code', PROVINCE_CODE.max).toUpperCase();
  if (!PROVINCE_CODE.pattern.test(code)) throw badParam('code', `code must be ${PROVINCE_CODE.words}`);
  const codeTaken = () =>
    new ServiceError(409, 'duplicate', `A province with code ${code} already exists`, { field: 'code', code });
  const nameTaken = () =>
    new ServiceError(409, 'duplicate', `Its region already has a province named ${name}`, { field: 'name' });
  await ctx
    .change(
      () => {
        const others = ctx.places().provinces.filter((p) => p.id !== province.id);
        if (others.some((p) => p.shortCode.toUpperCase() === code)) throw codeTaken();
        const region = ctx
          .places()
          .regions.find((r) => r.stringId === province.regionCode || r.psgc === province.regionCode);
        const key = nameKey(name);
        const sameRegion = (p: ProvinceEntity) => {
          const of = ctx.places().regions.find((r) => r.stringId === p.regionCode || r.psgc === p.regionCode);
          return of?.stringId === region?.stringId;
        };
        if (others.some((p) => sameRegion(p) && nameKey(p.name) === key)) throw nameTaken();
      },
      async () => {
        const updated = await ctx.store.updateProvince(province.numericId, { name, code }, actor);
        if (!updated) throw notFound('province', id);
        return updated;
      },
      (updated) => {
        ctx.records.provinces = ctx.records.provinces.map((p) => (p.numericId === updated.numericId ? updated : p));
      },
    )
    .catch((error: unknown) => {
      if (!(error instanceof DuplicateRecord)) throw error;
      throw error.field === 'code' ? codeTaken() : nameTaken();
    });
  return province.id;
}

function refuseMembers(input: Record<string, unknown>, field: string) {
  if (input[field] !== undefined) {
    throw badParam(field, `${field} cannot be changed: undo the unit and create it again with the members you want`);
  }
}

// ---- Downstream: the geocoders' answers ---------------------------------------------------------------------------

/**
 * Where a unit of the code list is now: its region and the API province listing it, after the reorganizations.
 * The geocoders' indexes are built from the code list alone and shared by every service over it (service.ts):
 * their answers are moved to the reorganized parents here, on the way out. Undefined when nothing moved it.
 */
export function movedParents(ctx: ServiceContext, code: string) {
  const places = ctx.places();
  if (!places.movedAreas.size && !places.movedTowns.size) return undefined;
  let town = ctx.data.municities.get(code);
  for (
    let unit = ctx.data.byCode.get(code);
    unit && !town;
    unit = unit.parent ? ctx.data.byCode.get(unit.parent) : undefined
  ) {
    town = ctx.data.municities.get(unit.code);
  }
  const area = town?.area ?? (ctx.data.byCode.get(code)?.level === 'Prov' ? code : undefined);
  if (!area) return undefined;
  const region = places.regionOfArea(area);
  const builtInRegion = ctx.data.regions.find((r) => r.psgc === `${area.slice(0, 2)}00000000`);
  const provinceId = town ? places.provinceOfTown(town.unit.code) : undefined;
  const province = provinceId !== undefined ? places.provinces.find((p) => p.id === provinceId) : undefined;
  const oldProvince = town ? ctx.data.provinces.find((p) => p.id === town.province) : undefined;
  const regionMoved = region && builtInRegion && region.stringId !== builtInRegion.stringId;
  const provinceMoved = province && oldProvince && province.id !== oldProvince.id;
  if (!regionMoved && !provinceMoved) return undefined;
  return { region: region!, builtInRegion, province, oldProvince };
}

const renamed = (names: string[], from: string | undefined, to: string | undefined) =>
  from && to ? names.map((n) => (n === from ? to : n)) : names;

/** A geocoder candidate (GET /v1/geocode) with its parents as reorganized. */
export function relocateCandidate<
  T extends { code: string; parents: string[]; region_id: number; province_id: string | null },
>(ctx: ServiceContext, candidate: T): T {
  const moved = movedParents(ctx, candidate.code);
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
export function relocatePlace<
  T extends {
    psgc_code: string;
    region: { code: string; name: string };
    province: { code: string; name: string } | null;
    region_id: number;
    province_id: string | null;
  },
>(ctx: ServiceContext, place: T): T {
  const moved = movedParents(ctx, place.psgc_code);
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
export function relocateReverse<
  T extends {
    data: {
      municity: { code: string } | null;
      province: { id: string; name: string; code: string | null } | null;
      region: { code: string; name: string; level: string } | null;
    } | null;
  },
>(ctx: ServiceContext, answer: T): T {
  const data = answer.data;
  const moved = data?.municity && movedParents(ctx, data.municity.code);
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

export async function createdCandidates(ctx: ServiceContext, q: string | null): Promise<GeocodeCandidate[]> {
  const needle = fold(q ?? '');
  if (needle.length < 3) return [];
  const places = ctx.places();
  const wanted = <T extends { name: string; shortCode: string; createdAt: string | null }>(unit: T) => {
    if (!unit.createdAt) return false;
    // Its name holds the words typed (not the other way round: "Dao, Capiz, Panay Region" is an address in it).
    return fold(unit.name).includes(needle) || fold(unit.shortCode) === needle;
  };
  const regions = places.regions.filter(wanted);
  const provinces = places.provinces.filter(wanted);
  if (!regions.length && !provinces.length) return [];
  const points = pointsOf(await ctx.data.gazetteer());
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
