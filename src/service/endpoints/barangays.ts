import type { Feature, FeatureCollection } from 'geojson';
import { isPsgcCode, regionCodeOf } from '../../contract/psgc.ts';
import type { BarangayItem, DetailLevel, Shape } from '../../contract/types.ts';
import { dataPaths, type FeatureProps, type Unit } from '../../dataset/types.ts';
import { populationFacts } from '../answers/population.ts';
import { townsOfProvince } from '../answers/towns.ts';
import type { MunicityEntity } from '../dataset.ts';
import { notFound } from '../errors.ts';
import { paginate } from '../paginate.ts';
import { codesField, foldName, objectBody, searchOutput, textParam } from '../params.ts';
import type { Places } from '../places.ts';

/**
 * The city or municipality a barangay belongs to, from its code alone (RRPPPMMBBB → RRPPPMM000), through its
 * sub-municipality where it has one (Manila's 1380601000 Tondo I/II → 1380600000 City of Manila). Known
 * before the town's barangays are read.
 */
function townOfCode(places: Places, code: string): MunicityEntity | undefined {
  const parent = places.unit(`${code.slice(0, 7)}000`);
  const town = parent?.level === 'SubMun' ? parent.parent : parent?.code;
  return town ? places.town(town) : undefined;
}

function item(places: Places, town: MunicityEntity, unit: Unit): BarangayItem {
  const province = places.provinceOfTown(town.unit.code);
  const region = places.regionOfTown(town);
  return {
    id: unit.code,
    name: unit.name,
    code: unit.code,
    type: unit.urban === null ? null : unit.urban ? 'Urban' : 'Rural',
    l_code: town.unit.code,
    p_code: province?.psgc ?? null,
    // A created region has no PSGC code: its short code stands for it.
    r_code: region ? (region.psgc ?? region.shortCode) : regionCodeOf(unit.code),
    municity_name: town.unit.name,
    province_name: province?.name ?? '',
    population: unit.population,
    ...populationFacts(places.manifest, unit, unit.censusNotes),
    poblacion: unit.poblacion,
  };
}

/** A barangay by its 10-digit code, with its town; undefined when there is none. */
async function findBarangay(places: Places, code: string) {
  if (!isPsgcCode(code)) return undefined;
  const town = townOfCode(places, code);
  if (!town) return undefined;
  const unit = (await places.barangaysOf(town.unit.code)).find((b) => b.code === code);
  return unit && { town, unit };
}

/**
 * GET /v1/barangays: the barangays of one province (its exact name, any case; required), optionally of the
 * towns whose name starts with `municipality` and with names starting with `name`; by town, then in the code
 * list's order; paginated as the other lists (10 a page by default, at most 100).
 */
export async function listBarangays(places: Places, url: URL) {
  const { towns, page, limit } = townsOfProvince(places, url.searchParams, 'municipality');
  const namePrefix = foldName(textParam(url.searchParams, 'name') ?? '');
  const listed = await Promise.all(
    towns.map(async (town) => ({ town, barangays: await places.barangaysOf(town.unit.code) })),
  );
  const rows = listed.flatMap(({ town, barangays }) =>
    barangays.filter((b) => !namePrefix || foldName(b.name).startsWith(namePrefix)).map((unit) => ({ town, unit })),
  );
  const { data, meta } = paginate(rows, url, page, limit);
  return { data: data.map(({ town, unit }) => item(places, town, unit)), meta, error: null };
}

/** GET /v1/barangays/{id}: id is the barangay's 10-digit PSGC code. */
export async function getBarangay(places: Places, id: string) {
  const key = id.trim();
  const found = await findBarangay(places, key);
  if (!found) throw notFound('barangay', key.slice(0, 100));
  return { data: item(places, found.town, found.unit), error: null };
}

/**
 * POST /v1/barangays/search: the barangays of the codes given (1 to 100; unknown ones are left out), in the
 * order given, with their polygons at `geometry` (simple by default); `output: 'geojson'` answers a
 * FeatureCollection whose properties are id, name and code, as the live service's.
 */
export async function searchBarangays(places: Places, body: unknown) {
  const input = objectBody(body);
  const codes = codesField(input, 'codes', 'barangay');
  const { detail, output } = searchOutput(input);
  const found = (await Promise.all(codes.map((code) => findBarangay(places, code)))).filter((f) => f !== undefined);
  const shapes = await shapesOf(
    places,
    detail,
    found.map((f) => f.town.unit.code),
  );
  const rows = found.map(({ town, unit }) => ({
    record: item(places, town, unit),
    geometry: shapes.get(unit.code) ?? null,
  }));
  if (output === 'json') return rows.map(({ record, geometry }) => ({ ...record, geometry }));
  const collection: FeatureCollection<Shape | null, { id: string; name: string; code: string }> = {
    type: 'FeatureCollection',
    features: rows.map(
      ({ record, geometry }): Feature<Shape | null, { id: string; name: string; code: string }> => ({
        type: 'Feature',
        id: record.code,
        properties: { id: record.id, name: record.name, code: record.code },
        geometry,
      }),
    ),
  };
  return collection;
}

/** The barangays' polygons of some towns at one detail, by code (each town's file read once per dataset). */
async function shapesOf(places: Places, detail: DetailLevel, towns: string[]) {
  const files = await Promise.all(
    [...new Set(towns)].map((town) =>
      places.geo<FeatureCollection<Shape, FeatureProps>>(dataPaths.barangays(detail, town)).catch(() => undefined),
    ),
  );
  return new Map(files.flatMap((file) => file?.features.map((f) => [f.properties.code, f.geometry] as const) ?? []));
}
