/**
 * /v1/regions: lists, a region, the search by codes, and the created regions' create, rename and undo. Each
 * parses its request and shapes its answer over the places (src/service/places.ts); changes go through
 * src/service/reorganize/.
 */
import { isPsgcCode } from '../../contract/psgc.ts';
import { CODES_TEXT_MAX, REGION_CODE } from '../../contract/rules.ts';
import type { RegionString } from '../../contract/types.ts';
import { regionCollection, regionRecord, withGeometry } from '../answers/region-record.ts';
import { changesField } from '../changes.ts';
import { regionStringId } from '../dataset.ts';
import { badParam, notFound } from '../errors.ts';
import { paginate } from '../paginate.ts';
import {
  codesField,
  detailParam,
  foldName,
  intParam,
  MAX_CODES,
  nameField,
  objectBody,
  searchOutput,
  stringField,
  textParam,
} from '../params.ts';
import type { Places } from '../places.ts';
import { drawRegionChange, isDryRun, proposedRegion } from '../reorganize/drawing.ts';
import { refuseMembers, regionMembers } from '../reorganize/members.ts';
import { addRegion, checkNewRegion, createdRegion, removeRegion, renameRegion } from '../reorganize/region-records.ts';
import type { Actor, NewRegion } from '../store.ts';
import type { Writes } from '../writes.ts';

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
    if (!isPsgcCode(code.trim())) {
      throw badParam('codes[]', 'codes[] values must be 10-digit PSGC region codes', { value: code.slice(0, 40) });
    }
  }
  return codes.map((c) => c.trim());
}

/** GET /v1/regions */
export async function listRegions(places: Places, url: URL) {
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

  let regions = places.regions;
  if (search) {
    const needle = foldName(search);
    regions = regions.filter((r) => foldName(r.name).includes(needle) || foldName(r.shortCode) === needle);
  }
  if (codes) regions = regions.filter((r) => r.psgc && codes.includes(r.psgc));

  const { data, meta } = paginate(regions, url, page, limit);
  const items = await withGeometry(places, data, detail);
  if (output === 'geojson') return { ...regionCollection(places, items), meta };
  const records = items.map(({ region, geometry }) => regionRecord(places, region, geometry));
  return places.regionShape === 'string' ? { data: records } : { data: records, meta, error: null };
}

/** GET /v1/regions/{id}: by numeric id, string id, PSGC code or short code. */
export async function getRegion(places: Places, id: string, url: URL) {
  const region = places.region(id);
  if (!region) throw notFound('region', id);
  const detail = detailParam(url.searchParams.get('geometry'));
  const [[{ geometry }], changes] = await Promise.all([withGeometry(places, [region], detail), places.changes()]);
  const record = { ...regionRecord(places, region, geometry), ...(region.psgc && changesField(changes, region.psgc)) };
  return places.regionShape === 'string' ? record : { data: record, error: null };
}

/**
 * POST /v1/regions: answers 201 with the string-id shape. With `province_ids` the provinces and
 * independent cities named move into it, its outline is theirs together and the regions they leave lose them;
 * with `?dry_run=true` nothing is stored and the answer is what would be.
 */
export async function createRegion(writes: Writes, body: unknown, url?: URL, actor?: Actor) {
  const input = objectBody(body);
  const name = nameField(input, 'name');
  const code = stringField(input, 'code', REGION_CODE.max).toUpperCase();
  if (!REGION_CODE.pattern.test(code)) throw badParam('code', `code must be ${REGION_CODE.words}`);
  const members = regionMembers(writes.places(), input);
  const dryRun = isDryRun(url);
  const region: NewRegion = {
    stringId: regionStringId(code),
    name,
    code,
    createdAt: new Date().toISOString(),
    ...(members && { members: members.areas }),
  };
  if (dryRun) return previewRegion(writes, region, members, url);
  const stored = await addRegion(writes, region, members?.groups, actor);
  return {
    id: stored.stringId,
    name: stored.name,
    code: stored.code,
    ...(members && { members: members.groups.map((g) => g.ref) }),
  } satisfies RegionString & { members?: unknown };
}

/** `?dry_run=true`: the region as it would be, the regions it changes drawn at `geometry` (simple by default). */
async function previewRegion(
  writes: Writes,
  region: NewRegion,
  members: ReturnType<typeof regionMembers>,
  url: URL | undefined,
) {
  const places = writes.places();
  checkNewRegion(places, region, members?.groups);
  const detail = detailParam(url?.searchParams.get('geometry') ?? null) ?? 'simple';
  // The answer is shaped from a snapshot of the records with the region proposed; the service's own is unchanged.
  const preview = writes.placesWith({ region: proposedRegion(region) });
  const drawn = await drawRegionChange(preview, region.stringId, members?.areas ?? [], [detail]);
  return {
    data: {
      region: {
        ...regionRecord(preview, preview.regions.at(-1)!, undefined, 'string'),
        members: members?.groups.map((g) => g.ref) ?? [],
      },
      regions: drawn.get(detail)!.map(({ unit: r, geometry }) => ({
        ...regionRecord(preview, r, geometry, 'string'),
        ...(r.psgc && { from: true }),
      })),
      moves: (members?.groups ?? []).map((g) => {
        const from = places.regionOfArea(g.areas[0]);
        return { ...g.ref, from: from ? { id: from.stringId, name: from.name, code: from.shortCode } : null };
      }),
    },
    error: null,
  };
}

/** POST /v1/regions/search */
export async function searchRegions(places: Places, body: unknown) {
  const input = objectBody(body);
  const wanted = codesField(input, 'ids', 'region');
  const { detail, output } = searchOutput(input);
  const found = wanted.map((id) => places.regionByPsgc(id)).filter((r) => r !== undefined);
  const items = await withGeometry(places, found, detail);
  if (output === 'geojson') return regionCollection(places, items);
  return items.map(({ region, geometry }) => regionRecord(places, region, geometry, 'numeric'));
}

/** PATCH /v1/regions/{id}: a created region renamed or recoded (either field, or both). */
export async function patchRegion(writes: Writes, id: string, body: unknown, actor?: Actor) {
  const region = createdRegion(writes.places(), id);
  const input = objectBody(body);
  refuseMembers(input, 'province_ids');
  const name = input.name === undefined ? region.name : nameField(input, 'name');
  const code = input.code === undefined ? region.shortCode : stringField(input, 'code', REGION_CODE.max).toUpperCase();
  if (!REGION_CODE.pattern.test(code)) throw badParam('code', `code must be ${REGION_CODE.words}`);
  const stored = await renameRegion(writes, region, { name, code }, actor);
  return { id: stored.stringId, name: stored.name, code: stored.code };
}

/** DELETE /v1/regions/{id}: a created region undone; its members go back where they were. */
export async function deleteRegion(writes: Writes, id: string, actor?: Actor) {
  const region = createdRegion(writes.places(), id);
  await removeRegion(writes, region, actor);
  return { data: { id: region.stringId, name: region.name, code: region.shortCode, deleted: true }, error: null };
}
