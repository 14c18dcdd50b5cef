import type { MultiPolygon } from 'geojson';
import { CODES_TEXT_MAX, REGION_CODE } from '../contract/rules.ts';
import type { DetailLevel, RegionFeatureCollection, RegionNumeric, RegionString } from '../contract/types.ts';
import { changesField } from './changes.ts';
import type { ServiceContext } from './context.ts';
import { type RegionEntity, regionStringId } from './dataset.ts';
import { badParam, notFound, ServiceError } from './errors.ts';
import { regionFacts } from './facts.ts';
import { paginate } from './paginate.ts';
import {
  codesField,
  detailParam,
  fold,
  intParam,
  MAX_CODES,
  nameField,
  nameKey,
  objectBody,
  searchOutput,
  stringField,
  textParam,
} from './params.ts';
import {
  checkRegionMembersFree,
  drawRegionChange,
  isDryRun,
  memberConflict,
  previewOf,
  recordsWith,
  regionMembers,
} from './reorganize.ts';
import { type Actor, DuplicateRecord, MemberTaken, type NewRegion } from './store.ts';

const PSGC = /^\d{10}$/;

export function allRegions(ctx: ServiceContext): RegionEntity[] {
  return ctx.places().regions;
}

/** A region by numeric id, string id, PSGC code or short code, as the records now have them. */
export const findRegion = (ctx: ServiceContext, id: string): RegionEntity | undefined => ctx.places().region(id);

export function regionRecord(
  ctx: ServiceContext,
  region: RegionEntity,
  geometry?: MultiPolygon | null,
  shape = ctx.regionShape,
): RegionNumeric | RegionString {
  const extra = geometry === undefined ? {} : { geometry };
  if (shape === 'string') {
    return {
      id: region.stringId,
      name: region.name,
      code: region.shortCode,
      psgc_code: region.psgc,
      created_at: region.createdAt,
      ...regionFacts(ctx, region),
      ...extra,
    };
  }
  return {
    id: region.numericId,
    name: region.name,
    code: region.psgc ?? region.shortCode,
    short_code: region.shortCode,
    string_id: region.stringId,
    population: region.population,
    created_at: region.createdAt,
    ...regionFacts(ctx, region),
    ...extra,
  };
}

async function withGeometry(ctx: ServiceContext, regions: RegionEntity[], detail: DetailLevel | null) {
  if (!detail) return regions.map((r) => ({ region: r, geometry: undefined }));
  const places = ctx.places();
  const shapes = await ctx.outlines.regions(places, regions, detail);
  return regions.map((r, i) => ({ region: r, geometry: shapes[i] }));
}

function featureCollection(ctx: ServiceContext, items: { region: RegionEntity; geometry?: MultiPolygon | null }[]) {
  const collection: RegionFeatureCollection = {
    type: 'FeatureCollection',
    features: items.map(({ region, geometry }) => {
      const record = regionRecord(ctx, region);
      return {
        type: 'Feature',
        id: record.id,
        properties: { id: record.id, name: record.name, code: record.code },
        geometry: geometry ?? null,
      };
    }),
  };
  return collection;
}

function codesParam(query: URLSearchParams): string[] | null {
  const values = [...query.getAll('codes[]'), ...query.getAll('codes')];
  if (!values.length) return null;
  // Capped before it is split: a value of a million commas is refused, not made into a million strings.
  const text = values.join(',');
  if (text.length > CODES_TEXT_MAX) {
    throw badParam('codes[]', `codes[] must be at most ${CODES_TEXT_MAX} characters in all`, { length: text.length });
  }
  const codes = text.split(',');
  if (codes.length > MAX_CODES) throw badParam('codes[]', `codes[] takes at most ${MAX_CODES} values`);
  for (const code of codes) {
    if (!PSGC.test(code.trim())) {
      throw badParam('codes[]', 'codes[] values must be 10-digit PSGC region codes', { value: code.slice(0, 40) });
    }
  }
  return codes.map((c) => c.trim());
}

/** GET /v1/regions */
export async function listRegions(ctx: ServiceContext, url: URL) {
  const query = url.searchParams;
  const page = intParam(query, 'page', 1);
  const limit = intParam(query, 'limit', 10, 100);
  const detail = detailParam(query.get('geometry'));
  const output = query.get('output');
  if (output !== null && output !== 'json' && output !== 'geojson') {
    throw badParam('output', 'output must be json or geojson', { value: output.slice(0, 40) });
  }
  if (output === 'geojson' && !detail)
    throw badParam('geometry', 'output=geojson needs geometry=simple|medium|detailed');
  const search = textParam(query, 'search');
  const codes = codesParam(query);

  let regions = allRegions(ctx);
  if (search) {
    const needle = fold(search);
    regions = regions.filter((r) => fold(r.name).includes(needle) || fold(r.shortCode) === needle);
  }
  if (codes) regions = regions.filter((r) => r.psgc && codes.includes(r.psgc));

  const { data, meta } = paginate(regions, url, page, limit);
  const items = await withGeometry(ctx, data, detail);
  if (output === 'geojson') return { ...featureCollection(ctx, items), meta };
  const records = items.map(({ region, geometry }) => regionRecord(ctx, region, geometry));
  return ctx.regionShape === 'string' ? { data: records } : { data: records, meta, error: null };
}

/** GET /v1/regions/{id} */
export async function getRegion(ctx: ServiceContext, id: string, url: URL) {
  const region = findRegion(ctx, id);
  if (!region) throw notFound('region', id);
  const detail = detailParam(url.searchParams.get('geometry'));
  const [[{ geometry }], changes] = await Promise.all([withGeometry(ctx, [region], detail), ctx.data.changes()]);
  const record = { ...regionRecord(ctx, region, geometry), ...(region.psgc && changesField(changes, region.psgc)) };
  return ctx.regionShape === 'string' ? record : { data: record, error: null };
}

/**
 * POST /v1/regions: answers 201 with the string-id shape. With `province_ids` (issue 18) the provinces and
 * independent cities named move into it, its outline is theirs together and the regions they leave lose them;
 * with `?dry_run=true` nothing is stored and the answer is what would be (reorganize.ts).
 */
export async function createRegion(ctx: ServiceContext, body: unknown, url?: URL, actor?: Actor) {
  const input = objectBody(body);
  const name = nameField(input, 'name');
  const code = stringField(input, 'code', REGION_CODE.max).toUpperCase();
  if (!REGION_CODE.pattern.test(code)) throw badParam('code', `code must be ${REGION_CODE.words}`);
  const members = regionMembers(ctx, input);
  const dryRun = isDryRun(url);
  const duplicate = () => regionCodeTaken(code);
  const check = () => {
    refuseRegionClash(ctx, code, name);
    if (members) checkRegionMembersFree(ctx, members.groups);
  };
  const region: NewRegion = {
    stringId: regionStringId(code),
    name,
    code,
    createdAt: new Date().toISOString(),
    ...(members && { members: members.areas }),
  };
  if (dryRun) {
    check();
    const detail = detailParam(url?.searchParams.get('geometry') ?? null) ?? 'simple';
    const drawn = await drawRegionChange(ctx, recordsWith(ctx, { region }), region.stringId, members?.areas ?? [], [
      detail,
    ]);
    const previewCtx = previewOf(ctx, drawn.places);
    return {
      data: {
        region: {
          ...regionRecord(previewCtx, drawn.places.regions.at(-1)!, undefined, 'string'),
          members: members?.groups.map((g) => g.ref) ?? [],
        },
        regions: drawn.out.get(detail)!.map(({ region: r, geometry }) => ({
          ...regionRecord(previewCtx, r, geometry, 'string'),
          ...(r.psgc && { from: true }),
        })),
        moves: (members?.groups ?? []).map((g) => ({ ...g.ref, from: fromRegion(ctx, g.areas[0]) })),
      },
      error: null,
    };
  }
  // Drawn at every detail before it is stored, so a failure stores nothing and every answer after reads it drawn.
  // Outside the queue of changes first (up to 2 s), which then only finds the outlines kept, unless another
  // change came in meanwhile and they are drawn again on the records as they are then.
  if (members) {
    check();
    await drawRegionChange(ctx, recordsWith(ctx, { region }), region.stringId, members.areas);
  }
  const stored = await ctx
    .change(
      async () => {
        check();
        if (members) await drawRegionChange(ctx, recordsWith(ctx, { region }), region.stringId, members.areas);
      },
      () => ctx.store.addRegion(region, actor),
      (created) => ctx.records.regions.push(created),
    )
    .catch((error: unknown) => {
      if (error instanceof MemberTaken && members) throw memberConflict(error, members.groups);
      throw error instanceof DuplicateRecord ? duplicate() : error;
    });
  return {
    id: stored.stringId,
    name: stored.name,
    code: stored.code,
    ...(members && { members: members.groups.map((g) => g.ref) }),
  } satisfies RegionString & { members?: unknown };
}

const regionCodeTaken = (code: string) =>
  new ServiceError(409, 'duplicate', `A region with code ${code} already exists`, { field: 'code', code });

/**
 * A new region's code and name against every region's: the same refusals for a create and a restore
 * (src/service/audit.ts). Two regions of one name could not be told apart in a list (issue 18).
 */
export function refuseRegionClash(ctx: ServiceContext, code: string, name: string) {
  const upper = code.toUpperCase();
  if (allRegions(ctx).some((r) => r.shortCode.toUpperCase() === upper)) throw regionCodeTaken(upper);
  const key = nameKey(name);
  const named = allRegions(ctx).find((r) => nameKey(r.name) === key);
  if (named) {
    throw new ServiceError(409, 'duplicate', `A region named ${named.name} already exists`, {
      field: 'name',
      name: named.name,
    });
  }
}

/** The region an area is in before a move: its name and string id. */
function fromRegion(ctx: ServiceContext, area: string) {
  const region = ctx.places().regionOfArea(area);
  return region ? { id: region.stringId, name: region.name, code: region.shortCode } : null;
}

/** POST /v1/regions/search */
export async function searchRegions(ctx: ServiceContext, body: unknown) {
  const input = objectBody(body);
  const wanted = codesField(input, 'ids', 'region');
  const { detail, output } = searchOutput(input);
  const regions = wanted.map((id) => allRegions(ctx).find((r) => r.psgc === id)).filter((r) => r !== undefined);
  const items = await withGeometry(ctx, regions, detail);
  if (output === 'geojson') return featureCollection(ctx, items);
  return items.map(({ region, geometry }) => regionRecord(ctx, region, geometry, 'numeric'));
}
