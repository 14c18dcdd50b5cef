/**
 * The code list as the created records have reorganized it: which region each province-level area is
 * in, which province lists each town, and every region and province with what it holds now. Built from the
 * dataset and the records alone, once per change of the records (ServiceContext.places), so that every endpoint
 * (lists, records, outlines, what is here, the geocoder's parents) reads one answer.
 */

import type { MultiPolygon } from 'geojson';
import { foldName } from '../contract/names.ts';
import { regionCodeOf } from '../contract/psgc.ts';
import type { ApiFlavour } from '../contract/types.ts';
import type { Detail } from '../dataset/types.ts';
import { type CodeListReads, codeListReads } from './code-list-reads.ts';
import { type Counts, lessCounts, sumCounts } from './counts.ts';
import { type CreatedNamed, createdNames } from './created-names.ts';
import type { Dataset, MunicityEntity, ProvinceEntity, RegionEntity } from './dataset.ts';
import type { CreatedRecords } from './store.ts';

export type RegionShape = 'numeric' | 'string';

/** Who draws the outlines as the records reorganized them, kept across snapshots (src/service/reorganized.ts). */
export interface OutlineSource {
  regions(places: Places, regions: readonly RegionEntity[], detail: Detail): Promise<(MultiPolygon | null)[]>;
  provinces(places: Places, provinces: readonly ProvinceEntity[], detail: Detail): Promise<(MultiPolygon | null)[]>;
}

/** How a service shapes its answers, and who draws its outlines: the same for every snapshot it builds. */
export interface SnapshotOptions {
  regionShape: RegionShape;
  flavour: ApiFlavour;
  outlines: OutlineSource;
}

/**
 * The read model: every read endpoint answers from one of these and the request alone. The code list's own
 * units (CodeListReads) and, over them, the regions and provinces as the records reorganized them.
 */
export interface Places extends CodeListReads {
  /** The shape of a region's record this service answers (`numeric`, as the interface document; `string`). */
  regionShape: RegionShape;
  flavour: ApiFlavour;
  /** Regions' and provinces' outlines now, at a detail, in the order given. */
  regionOutlines(regions: readonly RegionEntity[], detail: Detail): Promise<(MultiPolygon | null)[]>;
  provinceOutlines(provinces: readonly ProvinceEntity[], detail: Detail): Promise<(MultiPolygon | null)[]>;
  regions: RegionEntity[];
  provinces: ProvinceEntity[];
  /** A province-level area's region now: a created region's string id, or its own region's PSGC code. */
  regionOfArea(area: string): RegionEntity | undefined;
  /** The API province that lists a town now (by the town's code). */
  provinceOfTown(town: string): ProvinceEntity | undefined;
  /** The region a town is in now (that of its province-level area). */
  regionOfTown(town: MunicityEntity): RegionEntity | undefined;
  /** Created region (string id) by area moved into it, created province (id) by town moved into it. */
  movedAreas: ReadonlyMap<string, string>;
  movedTowns: ReadonlyMap<string, string>;
  /** The province-level areas a built-in province is drawn as: those of its own towns (not the cities lying in it). */
  ownAreas(province: ProvinceEntity): string[];
  /** What each created unit was made of: areas by region string id, towns by province id. */
  regionMembers: ReadonlyMap<string, readonly string[]>;
  provinceMembers: ReadonlyMap<string, readonly string[]>;
  /** The areas a built-in region (by PSGC code) lost to created regions, sorted; none for the others. */
  lostAreas(region: string): readonly string[];
  /** The towns a province-level area (by PSGC code) lent to created provinces, sorted. */
  lentTowns(area: string): readonly string[];
  /** A region by numeric id, string id, PSGC code or short code (findRegion's rule). */
  region(id: string): RegionEntity | undefined;
  /** A province by its id, PSGC code or short code. */
  province(id: string): ProvinceEntity | undefined;
  /** A region and a province by their PSGC code alone (the searches by codes), as the first in the lists has it. */
  regionByPsgc(code: string): RegionEntity | undefined;
  provinceByPsgc(code: string): ProvinceEntity | undefined;
  /** The province a name refers to: its name or one of its aliases, compared folded (foldName). */
  provinceNamed(name: string): ProvinceEntity | undefined;
  /**
   * Where a unit of the code list (a town, a barangay, a province-level area) stands now: its region and the
   * province listing it, and those of the code list where a reorganization moved it; undefined where none did.
   * The geocoders' indexes are the code list's, shared by every service over it: their hits are placed by this.
   */
  movedParents(code: string): MovedParents | undefined;
  /**
   * The created regions and provinces a folded query names (created-names.ts), indexed once per snapshot: the
   * geocoder's index, the code list's, holds none of them.
   */
  createdNamed(needle: string): CreatedNamed;
}

export interface MovedParents {
  region: RegionEntity;
  builtInRegion: RegionEntity | undefined;
  province: ProvinceEntity | undefined;
  oldProvince: ProvinceEntity | undefined;
}

const NONE: readonly string[] = [];

export function placesOf(data: Dataset, records: CreatedRecords, options: SnapshotOptions): Places {
  const movedAreas = new Map<string, string>();
  for (const region of records.regions) for (const area of region.members ?? []) movedAreas.set(area, region.stringId);
  const movedTowns = new Map<string, string>();
  for (const province of records.provinces)
    for (const town of province.members ?? []) movedTowns.set(town, province.id);

  const created = records.regions.map(
    (r): RegionEntity => ({
      numericId: r.numericId,
      stringId: r.stringId,
      name: r.name,
      shortCode: r.code,
      psgc: null,
      ...sumCounts((r.members ?? []).map((a) => data.byCode.get(a))),
      createdAt: r.createdAt,
    }),
  );
  // A region that lost areas counts the people it kept.
  const lostPeople = new Map<string, (Counts | undefined)[]>();
  for (const area of movedAreas.keys()) {
    const from = regionCodeOf(area);
    lostPeople.set(from, [...(lostPeople.get(from) ?? []), data.byCode.get(area)]);
  }
  const builtInRegions = data.regions.map((r) => {
    const lost = lostPeople.get(r.psgc!);
    return lost ? { ...r, ...lessCounts(r, lost) } : r;
  });
  const regions = [...builtInRegions, ...created];
  const byStringId = new Map(regions.map((r) => [r.stringId, r]));
  const byPsgc = new Map(builtInRegions.map((r) => [r.psgc!, r]));
  const regionOfArea = (area: string) => {
    const moved = movedAreas.get(area);
    return moved ? byStringId.get(moved) : byPsgc.get(regionCodeOf(area));
  };

  const ownAreas = (province: ProvinceEntity) => {
    const areas = new Set<string>();
    for (const code of province.municities) {
      const town = data.municities.get(code);
      if (town && !town.independent) areas.add(town.area);
    }
    return [...areas];
  };
  const townsOf = (codes: readonly string[]) =>
    codes
      .map((c) => data.municities.get(c))
      .filter((t) => t !== undefined)
      .sort((a, b) => a.unit.name.localeCompare(b.unit.name));

  const builtIn = data.provinces.map((p): ProvinceEntity => {
    const own = ownAreas(p);
    // A province moves with its own area; an independent city lying in it is listed under it still.
    const moved = own.length ? movedAreas.get(own[0]) : undefined;
    const lent = p.municities.some((c) => movedTowns.has(c));
    if (!moved && !lent) return p;
    const municities = lent ? p.municities.filter((c) => !movedTowns.has(c)) : p.municities;
    const gone = townsOf(p.municities.filter((c) => movedTowns.has(c))).map((t) => t.unit);
    return {
      ...p,
      ...(lent && lessCounts(p, gone)),
      regionCode: moved ?? p.regionCode,
      municities,
      areas: [...new Set(townsOf(municities).map((t) => t.area))],
    };
  });
  const createdProvinces = records.provinces.map((p): ProvinceEntity => {
    const towns = townsOf(p.members ?? []);
    return {
      numericId: p.numericId,
      id: p.id,
      name: p.name,
      regionCode: p.regionId,
      shortCode: p.code,
      psgc: null,
      ...sumCounts(towns.map((t) => t.unit)),
      aliases: [],
      municities: towns.map((t) => t.unit.code),
      areas: [...new Set(towns.map((t) => t.area))],
      createdAt: p.createdAt,
    };
  });

  const lostAreas = groupSorted([...movedAreas.keys()], regionCodeOf);
  const lentTowns = groupSorted([...movedTowns.keys()], (t) => data.municities.get(t)?.area ?? '');
  const provinces = [...builtIn, ...createdProvinces];
  // Every lookup by a key is a Map, built here once per change of the records: lists and searches ask one per item.
  const regionById = indexBy(regions, (r) => [String(r.numericId), r.stringId, r.psgc]);
  const regionByShortCode = indexBy(regions, (r) => [r.shortCode.toLowerCase()]);
  const regionByPsgc = indexBy(regions, (r) => [r.psgc]);
  const provinceById = indexBy(provinces, (p) => [p.id, p.psgc]);
  const provinceByPsgc = indexBy(provinces, (p) => [p.psgc]);
  const provinceByShortCode = indexBy(provinces, (p) => [p.shortCode.toLowerCase()]);
  const provinceByName = indexBy(provinces, (p) => [p.name, ...p.aliases].map(foldName));
  const builtInProvinceById = indexBy(data.provinces, (p) => [p.id]);
  const provinceOfTown = (town: string) =>
    provinceById.get(movedTowns.get(town) ?? data.municities.get(town)?.province ?? '');

  const movedParents = (code: string): MovedParents | undefined => {
    if (!movedAreas.size && !movedTowns.size) return undefined;
    let town = data.municities.get(code);
    for (let unit = data.byCode.get(code); unit && !town; unit = unit.parent ? data.byCode.get(unit.parent) : undefined)
      town = data.municities.get(unit.code);
    const area = town?.area ?? (data.byCode.get(code)?.level === 'Prov' ? code : undefined);
    if (!area) return undefined;
    const region = regionOfArea(area);
    const builtInRegion = byPsgc.get(regionCodeOf(area));
    const province = town ? provinceOfTown(town.unit.code) : undefined;
    const oldProvince = town ? builtInProvinceById.get(town.province) : undefined;
    const regionMoved = region && builtInRegion && region.stringId !== builtInRegion.stringId;
    const provinceMoved = province && oldProvince && province.id !== oldProvince.id;
    if (!region || (!regionMoved && !provinceMoved)) return undefined;
    return { region, builtInRegion, province, oldProvince };
  };

  const places: Places = {
    ...codeListReads(data),
    regionShape: options.regionShape,
    flavour: options.flavour,
    regionOutlines: (list, detail) => options.outlines.regions(places, list, detail),
    provinceOutlines: (list, detail) => options.outlines.provinces(places, list, detail),
    regions,
    provinces,
    regionOfArea,
    provinceOfTown,
    regionOfTown: (town) => regionOfArea(town.area),
    movedAreas,
    movedTowns,
    ownAreas,
    regionMembers: new Map(records.regions.map((r) => [r.stringId, r.members ?? []])),
    provinceMembers: new Map(records.provinces.map((p) => [p.id, p.members ?? []])),
    lostAreas: (region) => lostAreas.get(region) ?? NONE,
    lentTowns: (area) => lentTowns.get(area) ?? NONE,
    // Ids come first: a region coded REGION-X must not stand in for region-x, the string id of the region coded X.
    region: (id) => regionById.get(id.trim()) ?? regionByShortCode.get(id.trim().toLowerCase()),
    province: (id) => provinceById.get(id.trim()) ?? provinceByShortCode.get(id.trim().toLowerCase()),
    regionByPsgc: (code) => regionByPsgc.get(code),
    provinceByPsgc: (code) => provinceByPsgc.get(code),
    provinceNamed: (name) => provinceByName.get(foldName(name)),
    movedParents,
    createdNamed: createdNames(regions, provinces),
  };
  return places;
}

/** Units by each of their keys; where two share a key, the first in list order keeps it (as a search would find). */
function indexBy<T>(units: readonly T[], keysOf: (unit: T) => (string | null)[]): Map<string, T> {
  const out = new Map<string, T>();
  for (const unit of units) for (const key of keysOf(unit)) if (key !== null && !out.has(key)) out.set(key, unit);
  return out;
}

function groupSorted(codes: string[], keyOf: (code: string) => string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const code of [...codes].sort()) out.set(keyOf(code), [...(out.get(keyOf(code)) ?? []), code]);
  return out;
}
