import type { MultiPolygon, Polygon } from 'geojson';

/**
 * Shapes of the built dataset under public/data. The pipeline writes them; the service reads them.
 * This is the only module the pipeline shares with the rest of the app (the arrows in biome.json).
 */

/** Geographic levels as the PSA code list names them, plus `SGA` for the Special Geographic Area grouping. */
export type Level = 'Reg' | 'Prov' | 'Dist' | 'City' | 'Mun' | 'SubMun' | 'SGU' | 'SGA' | 'Bgy';

export const DETAILS = ['simple', 'medium', 'detailed'] as const;

/** The censuses whose counts the PSA code lists give: 2015 (POPCEN), 2020 (CPH) and 2024 (POPCEN). */
export const CENSUS_YEARS = [2015, 2020, 2024] as const;
export type CensusYear = (typeof CENSUS_YEARS)[number];
/** Each census as PSA names it: the Census of Population (POPCEN), or of Population and Housing (CPH). */
export const CENSUS_NAMES: Record<CensusYear, string> = {
  2015: '2015 POPCEN',
  2020: '2020 CPH',
  2024: '2024 POPCEN',
};

/**
 * A unit's count in each census the build knows (`Manifest.censuses`): a year is absent when no list read gives
 * that census, null when the unit has no count of its own in it (new since: Caloocan's Barangay 176-A to 176-F have
 * none in 2020, when they were Barangay 176).
 */
export type Census = Partial<Record<CensusYear, number | null>>;
export type Detail = (typeof DETAILS)[number];

/** One row of the code list, normalised. Codes are 10-digit strings. */
export interface Unit {
  code: string;
  name: string;
  level: Level;
  /** Administrative parent (region, province, NCR district, SGA, city or sub-municipality); null for regions. */
  parent: string | null;
  /** Old 9-digit correspondence code, when the list gives one. */
  correspondence: string | null;
  oldNames: string[];
  /** HUC, ICC or CC for cities. */
  cityClass: 'HUC' | 'ICC' | 'CC' | null;
  incomeClass: string | null;
  /** The count the code list itself gives: of its latest census (`Manifest.populationYear`; 2024 from 3Q 2025). */
  population: number | null;
  /**
   * Every census the build knows: the list's own counts, and those of older lists joined across recodings
   * (src/pipeline/census.ts).
   */
  census: Census;
  /**
   * Why a census's count is null where the unit was counted with others: "127,506 in PSA's 2Q 2025 list, including
   * the population count of Barangay Muzon East, Muzon South, and Muzon West" (Muzon Proper, 2020), "counted with
   * Muzon Proper in PSA's 2Q 2025 list (127,506)" (Muzon East). Absent elsewhere.
   */
  censusNotes?: Partial<Record<CensusYear, string>>;
  /**
   * Annual growth 2020 → 2024 in % a year, as PSA computes it (src/dataset/census.ts), to two decimals; null when
   * either count is unknown; absent when the build lacks either census (lists before 3Q 2025).
   */
  growth2020to2024?: number | null;
  /** Barangays: urban (true) or rural (false) in the 2020 census, as the list classes them; null elsewhere. */
  urban: boolean | null;
  poblacion: boolean;
  capital: boolean;
  /**
   * Land area in km², computed geodesically at build time from the unit's detailed polygon (a boundary of the
   * boundary vintage, not the PSA's legal area); null for units with no polygon. Absent from older builds.
   */
  areaKm2?: number | null;
  /** Persons per km² (`population`, of `Manifest.populationYear`, ÷ areaKm2); null when either is unknown. */
  densityPerKm2?: number | null;
  /**
   * Cities, municipalities, SGUs and Manila's districts: their ZIP codes from PHLPost's table (Manila has its
   * districts'), sorted; absent where the table names none, and in builds before ZIP codes were joined.
   */
  zipCodes?: string[];
}

/**
 * The map hierarchy: region → province-level area → city/municipality → barangay.
 * Province-level areas are provinces, NCR districts, independent cities outside NCR and the SGA.
 */
export interface Hierarchy {
  /** code → the province-level area the unit's polygon is drawn under (for City, Mun, SGU, SubMun, Bgy). */
  area: Record<string, string>;
  /** For independent cities: the province they lie in geographically. */
  geoProvince: Record<string, string>;
}

/** units/index.json: the code list without its barangays, and the hierarchy of what it holds. */
export interface UnitsIndex {
  units: Unit[];
  hierarchy: Hierarchy;
}

/**
 * The code list reduced to what joining a table by code needs (dataPaths.codes): each unit as
 * `[code, level, correspondence code or null]`, and the codes of the province-level areas (provinces, NCR
 * districts, the SGA and the cities that stand apart), which are drawn at the province level.
 */
export interface CodeIndex {
  vintage: string;
  units: [code: string, level: Level, correspondence: string | null][];
  areas: string[];
}

export interface GazetteerEntry {
  code: string;
  name: string;
  level: Level;
  /** [lng, lat], inside the unit's polygon (for a unit with no polygon, its parent's point). */
  point: [number, number] | null;
  /**
   * How the point was found. A city's or municipality's point is its town proper (src/pipeline/town-point.ts):
   * the main cluster of its flagged poblacion barangays (`poblacion`), else its barangays named as a town
   * centre (`named`), else its most populous urban barangay (`urban`), else the label point of its territory.
   */
  pointSource: 'poblacion' | 'named' | 'urban' | 'capital' | 'label' | 'parent' | 'none';
  /** Codes from the region down to the unit's parent. */
  chain: string[];
  /** The unit's latest census count (`Unit.population`). */
  population: number | null;
  oldNames: string[];
}

export interface LevelSize {
  files: number;
  features: number;
  bytes: number;
  gzipBytes: number;
  largestFile: { path: string; bytes: number };
}

export interface Manifest {
  /** The PSGC code list the data was built from. */
  vintage: string;
  /** The code list the boundaries are coded in; its polygons are matched to `vintage` (changes.json). */
  boundaryVintage: string;
  source: string;
  /**
   * The census the units' `population` (and density) is of, and every census whose counts `Unit.census` holds,
   * oldest first. Absent from builds made before they were written (whose population is of 2020).
   */
  populationYear?: CensusYear;
  censuses?: CensusYear[];
  builtAt: string;
  attribution: string;
  counts: Partial<Record<Level, number>>;
  polygons: Record<GeoLevel, number>;
  sizes: Record<Detail, Record<GeoLevel, LevelSize>>;
  withoutGeometry: { code: string; name: string; level: Level; reason: string }[];
  /** How many units of each level changed between the boundaries' vintage and this one. */
  changes: ChangeReport['counts'];
  /**
   * The release before this one (changes-previous.json: what changed for a user of that release), and its
   * counts; absent from the oldest vintage and from builds made before it was written.
   */
  previousVintage?: string | null;
  previousChanges?: ChangeReport['counts'] | null;
  inputsHash: string;
}

export type ChangeKind = 'added' | 'removed' | 'recoded' | 'renamed' | 'moved' | 'reclassified';

export interface UnitRef {
  code: string;
  name: string;
}

/**
 * What changed between the code list the boundaries are coded in (`from`) and the one built (`to`), unit by
 * unit, for a person to review. A unit can be in several lists (a province recoded and moved to a new region).
 */
export interface ChangeReport {
  from: string;
  to: string;
  /** Per kind of change, units per level (the newer level; the older one for removed units). */
  counts: Record<ChangeKind, Partial<Record<Level, number>>>;
  /** In the newer list only. */
  added: (UnitRef & { level: Level; parent: UnitRef | null })[];
  /** In the older list only. */
  removed: (UnitRef & { level: Level; parent: UnitRef | null })[];
  /** The same place under another code, and the rule that paired them (src/pipeline/crosswalk.ts). */
  recoded: { from: string; to: string; name: string; level: Level; rule: string }[];
  renamed: { code: string; level: Level; from: string; to: string }[];
  /** Under another parent than the older list's (its parent's counterpart). */
  moved: (UnitRef & { level: Level; from: UnitRef | null; to: UnitRef | null })[];
  /** Another geographic level (the SGA's clusters, SGU, became municipalities, Mun). */
  reclassified: (UnitRef & { from: Level; to: Level })[];
  /** Units of the newer list with no polygon, and why (new units with no older shape among them). */
  withoutBoundary: { code: string; name: string; level: Level; reason: string }[];
  /**
   * Provinces, cities and municipalities whose income class differs (2Q 2025: the first general income
   * reclassification, DOF DO 074.2024); absent from reports written before it was counted.
   */
  incomeClass?: (UnitRef & { level: Level; from: string | null; to: string | null })[];
}

/**
 * old-codes.json: the codes of older code lists that the built one no longer has, each with the code of the same
 * place in the built list and the older lists that used it (src/pipeline/older-lists.ts).
 */
export type OldCodes = Record<string, { code: string; vintages: string[] }>;

/**
 * splits.json: a barangay of an older list that the built one no longer has, split into barangays new in the same
 * town whose names carry its name (Caloocan's Barangay 176 into Barangay 176-A to 176-F, 4Q 2024;
 * src/pipeline/splits.ts), with the territory it had in the boundaries. The parts have no polygon of their own.
 */
export interface SplitBarangay {
  /** The old barangay's code and name, and the lists that had it. */
  code: string;
  name: string;
  vintages: string[];
  /** The first list with the parts. */
  since: string;
  /** The town it was and its parts are in, by the built list's code, and its name. */
  town: string;
  townName: string;
  /** The parts, by the built list's codes, in code order. */
  parts: { code: string; name: string }[];
  /** A point inside the old territory (its label point), [lng, lat]; null when the boundaries lack it. */
  point: [number, number] | null;
  /** The old territory as the boundaries drew it (at `medium` detail); null when they lack it. */
  geometry: Polygon | MultiPolygon | null;
  /** The old barangay's population in the 2020 census, as the older list gives it. */
  population: number | null;
  /**
   * Its parts' counts in each later census the build knows, summed (2024: 266,925 for Barangay 176), null when a
   * part has none; and the whole's growth from 2020 to 2024 (`Unit.growth2020to2024`) on those. Absent from builds
   * without a later census.
   */
  partsCensus?: Census;
  partsGrowth2020to2024?: number | null;
}

/** The levels that have polygon files. */
export type GeoLevel = 'regions' | 'provinces' | 'municities' | 'barangays';

/** Properties every built polygon feature carries. */
export interface FeatureProps {
  code: string;
  name: string;
  level: Level;
}

/** File layout of the built dataset, relative to the data root (public/data). */
export const dataPaths = {
  manifest: 'manifest.json',
  /** The whole code list and its hierarchy: what the geocoders and the Node server read. */
  units: 'units.json',
  hierarchy: 'hierarchy.json',
  /** Everything above the barangays, with their hierarchy: what the browser's service reads after its first screen. */
  unitsIndex: 'units/index.json',
  /** The regions alone: what the browser's service answers its first screen from (a few hundred bytes). */
  regionUnits: 'units/regions.json',
  /** The barangays of one city or municipality, read when it is opened. */
  barangayUnits: (municityCode: string) => `units/barangays/${municityCode}.json`,
  gazetteer: 'gazetteer.json',
  report: 'report.json',
  changes: 'changes.json',
  /** The change report from the release before this one (manifest.previousVintage), when there is one. */
  previousChanges: 'changes-previous.json',
  /** Codes of older lists recoded since, to the code of the same place now (OldCodes). */
  oldCodes: 'old-codes.json',
  /** Barangays of older lists split since, with their old territory (SplitBarangay). */
  splits: 'splits.json',
  regions: (detail: Detail) => `geo/${detail}/regions.json`,
  /**
   * The province-level areas the country overview (regions at simple) is dissolved from, generalized as it is:
   * what a reorganized region is drawn from at simple.
   */
  overviewAreas: 'geo/simple/overview-areas.json',
  /** Province-level areas of one region. */
  provinces: (detail: Detail, regionCode: string) => `geo/${detail}/provinces/${regionCode}.json`,
  /** Cities and municipalities (or SGUs) of one province-level area. */
  municities: (detail: Detail, areaCode: string) => `geo/${detail}/municities/${areaCode}.json`,
  /** Areas inside a city that are not barangays (Manila North Cemetery, Tutuban Mall): name and municity. */
  unassigned: (detail: Detail) => `geo/${detail}/unassigned.json`,
  /** Barangays of one city or municipality. */
  barangays: (detail: Detail, municityCode: string) => `geo/${detail}/barangays/${municityCode}.json`,
  /**
   * Every barangay of one province-level area in one file, at `medium` only: a province opened with figures per
   * barangay draws them all at once (Pangasinan's 1,364), not town by town.
   */
  areaBarangays: (areaCode: string) => `geo/medium/area-barangays/${areaCode}.json`,
  /** Every unit's code, level and correspondence code, and which are province-level areas (CodeIndex). */
  codes: 'units/codes.json',
  /**
   * Land that no barangay of the source boundaries covers (holes of the country's union that hold no lake), for
   * the whole country at one detail: the map draws it as land, not as the sea of its background.
   */
  noBarangay: (detail: Detail) => `geo/${detail}/no-barangay.json`,
} as const;

/** The label the map and the downloads give land that no barangay covers. */
export const NO_BARANGAY_LABEL = 'Not part of any barangay in the source boundaries';

/** A piece of land no barangay covers, as `dataPaths.noBarangay` holds it. */
export interface NoBarangayProps {
  /** A stable id from its point (`no-barangay-120.92-18.45`): not a PSGC code. */
  code: string;
  name: typeof NO_BARANGAY_LABEL;
  /** Its feature class in downloads and on the map. */
  level: 'no-barangay';
  areaKm2: number;
  /** The cities and municipalities whose polygons border it, and the province-level areas and regions they are in. */
  municities: string[];
  provinces: string[];
  regions: string[];
  /** Those towns as text: "Adams (Ilocos Norte), Calanasan (Apayao)". */
  around: string;
}
