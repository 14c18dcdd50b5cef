/**
 * What the read model (src/service/places.ts) answers of the code list itself, as it was built: its units,
 * towns and barangays, its polygon files and its change report. The dataset behind it is read here and in the
 * snapshot's builder only, so an endpoint never has to know which of the two answers a question.
 */
import { foldName } from '../contract/names.ts';
import type { GazetteerEntry, Manifest, Unit } from '../dataset/types.ts';
import { bareName } from './bare-name.ts';
import type { UnitChanges } from './changes.ts';
import type { Dataset, MunicityEntity } from './dataset.ts';

export interface CodeListReads {
  /** The build the answers are made from: its vintage, censuses and the year of its counts. */
  manifest: Manifest;
  /** A unit of the code list by its 10-digit PSGC code. */
  unit(code: string): Unit | undefined;
  /** A city or municipality by its 10-digit PSGC code. */
  town(code: string): MunicityEntity | undefined;
  /** The province an independent city lies in but is not part of, by code; undefined for the others. */
  geoProvince(town: string): string | undefined;
  /** The province-level area (by code) whose polygon file holds a town, where it is not the town itself. */
  areaOf(town: string): string | undefined;
  /** A city or municipality by its numeric id or its code (GET /v1/municities/{id}). */
  townOf(key: string): MunicityEntity | undefined;
  /** Every city and municipality, in the code list's order. */
  towns(): Iterable<MunicityEntity>;
  /** A town's name as the searches by name compare it: folded (foldName), and without its "City of" too. */
  foldedName(town: MunicityEntity): FoldedName;
  /** A town's barangays (its file read once per dataset). */
  barangaysOf(town: string): Promise<Unit[]>;
  /** A built file of polygons (read once per dataset). */
  geo<T>(path: string): Promise<T>;
  /** What the change report says of each unit; undefined where the build has none. */
  changes(): Promise<UnitChanges | undefined>;
  /** Every unit's point, for placing created units (read on the first geocode). */
  gazetteer(): Promise<GazetteerEntry[]>;
}

export interface FoldedName {
  name: string;
  bare: string;
}

/**
 * The towns' folded names, each folded once per dataset (a town of another dataset is another object): a search
 * compares every town's, and folding is most of what it costs.
 */
const folded = new WeakMap<MunicityEntity, FoldedName>();
function foldedName(town: MunicityEntity): FoldedName {
  let names = folded.get(town);
  if (!names) {
    names = { name: foldName(town.unit.name), bare: foldName(bareName(town.unit.name)) };
    folded.set(town, names);
  }
  return names;
}

export function codeListReads(data: Dataset): CodeListReads {
  return {
    manifest: data.manifest,
    unit: (code) => data.byCode.get(code),
    town: (code) => data.municities.get(code),
    geoProvince: (town) => data.hierarchy.geoProvince[town],
    areaOf: (town) => data.hierarchy.area[town],
    townOf: (key) => data.townOf(key),
    towns: () => data.municities.values(),
    foldedName,
    barangaysOf: (town) => data.barangaysOf(town),
    geo: (path) => data.geo(path),
    changes: () => data.changes(),
    gazetteer: () => data.gazetteer(),
  };
}
