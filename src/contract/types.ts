/** Wire shapes of the /v1 service (../shared/spec/v1-interface.md). */
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { CensusYear } from '../dataset/types.ts';

// The three detail levels are the built dataset's, so the wire and the files cannot drift apart; so are the censuses.
export {
  CENSUS_NAMES,
  CENSUS_YEARS,
  type CensusYear,
  DETAILS as DETAIL_LEVELS,
  type Detail as DetailLevel,
} from '../dataset/types.ts';

/**
 * How the answers are shaped: `standard`, as the interface document reads (with our extensions), or `live`, as
 * the live service's documentation shows its answers (docs/api-decisions.md, "The live service"). The
 * app's configuration picks one for its built-in service, which the service then answers in.
 */
export type ApiFlavour = 'standard' | 'live';

/** Region, numeric-id shape (list, get, search by default). */
export interface RegionNumeric extends UnitFacts {
  id: number;
  name: string;
  /** 10-digit PSGC region code; a created region has none and shows its short code. */
  code: string;
  short_code: string;
  /** Extension: the region's string id, which provinces' `region_id` refers to. */
  string_id: string;
  /** The latest census count the code list gives (its year: `population_year`). */
  population?: number | null;
  /** Extension: when it was created through the API (ISO 8601); null for the units of the code list. */
  created_at: string | null;
  geometry?: MultiPolygon | null;
}

/** Region, string-id shape (creation, and list/get when the service runs in that shape). */
export interface RegionString extends UnitFacts {
  id: string;
  name: string;
  /** Short alphabetic code: NCR, CAR, BARMM, IVA… */
  code: string;
  psgc_code?: string | null;
  /** Extension, as in the numeric shape. */
  created_at?: string | null;
  geometry?: MultiPolygon | null;
}

export type Region = RegionNumeric | RegionString;

export interface Province extends UnitFacts {
  id: string;
  name: string;
  region_id: string;
  /** Short alphabetic code: the ISO 3166-2:PH code where one exists (ABR, CEB…). */
  code: string;
  psgc_code: string | null;
  /** The latest census count the code list gives (its year: `population_year`). */
  population?: number | null;
  /** Extension: when it was created through the API (ISO 8601); null for the units of the code list. */
  created_at: string | null;
  /** Extension: the cities and the municipalities listed under it (independent cities lying in it included). */
  city_count?: number;
  municipality_count?: number;
}

export interface ProvinceRef {
  id: number;
  code: string;
  name: string;
}

export type MunicityType = 'City' | 'Municipal';

export interface MunicityListItem extends UnitFacts {
  id: number;
  name: string;
  type: MunicityType;
  code: string;
  province: ProvinceRef;
  /** For a city that stands apart from the province it lies in (HUC, Isabela City). */
  independent?: boolean;
  /**
   * Extension: the latest census count (its year: `population_year`), so a province's towns can be compared
   * without opening each.
   */
  population?: number | null;
}

export interface MunicitySearchItem {
  id: string;
  name: string;
  type: MunicityType;
  code: string;
  p_code: string;
  province: string;
  /** Extension: the API province it is listed under, and its region, for clients that open it. */
  province_id: string;
  region_id: number;
}

/**
 * A place's counts by census (extension; docs/api-decisions.md, "Population"): `population` is the latest census
 * count the code list gives (2024 POPCEN from the 3Q 2025 list, 2020 CPH before), `population_year` says which;
 * beside it each census the data carries, and the growth between the last two. A census the data does not carry is
 * absent; a unit with no count of its own in it (new since, or counted with another barangay) has null there.
 */
export interface PopulationFacts {
  population_year?: CensusYear;
  population_2024?: number | null;
  population_2020?: number | null;
  population_2015?: number | null;
  /**
   * Average annual growth from 1 May 2020 to 1 July 2024 in % a year, geometric as PSA computes it
   * (((P2024 / P2020)^(1/t) − 1) × 100, t = 4 1/6 years), to two decimals; null where either count is null.
   */
  growth_2020_2024?: number | null;
  /** Why a census's count is null, by year: where PSA's list counted the unit's people then. */
  population_notes?: Partial<Record<`${CensusYear}`, string>>;
}

/**
 * What the change report says of a unit since the older code list (extension): new in this list, recoded (from
 * the old code), renamed (from the old name), moved (from one parent's name to another's), reclassified (from one
 * level to another), or without a boundary yet (`note` says why).
 */
export interface UnitChange {
  kind: 'added' | 'recoded' | 'renamed' | 'moved' | 'reclassified' | 'no_boundary';
  from?: string;
  to?: string;
  note?: string;
}

/**
 * Extension fields: facts from the built dataset a real /v1 server may not send, so clients treat each as
 * optional. Area is computed from the boundary (not the PSA's legal area); density is `population` ÷ area.
 */
export interface UnitFacts extends PopulationFacts {
  /** The old 9-digit PSGC correspondence code, when the code list gives one. */
  correspondence_code?: string | null;
  area_km2?: number | null;
  /** Persons per km², of the census `density_year` (`population_year`). */
  density?: number | null;
  density_year?: CensusYear;
  old_names?: string[];
  /**
   * A city's, municipality's or Manila district's ZIP codes from PHLPost's table (extension; the City
   * of Manila has its districts'). Absent where the table names none, and from data built before it was joined.
   */
  zip_codes?: string[];
  /**
   * A province's, city's or municipality's income class as the list gives it ("1st", "2nd*"): in 2Q 2025 per
   * DOF DO 074.2024, where "3rd*" is a unit whose income now ranks it 3rd but which keeps its current, higher
   * class (RA 11964 §10); in 4Q 2024 per DO 23-08, where `*` marks one not reclassified. Absent where the list
   * gives none.
   */
  income_class?: string | null;
  /** A barangay's class in the 2020 census, as the list gives it; absent where it gives none. */
  urban_rural?: 'Urban' | 'Rural';
  /** Since `since` (the older code list); absent when nothing changed. */
  changes?: { since: string; items: UnitChange[] };
}

export interface MunicityDetail extends UnitFacts {
  id: number;
  name: string;
  code: string;
  type: MunicityType;
  level: string;
  city_class: string | null;
  income_class: string | null;
  /** The latest census count the code list gives (its year: `population_year`). */
  population: number | null;
  province: ProvinceRef;
  region: { id: number; code: string; name: string };
  barangay_count: number;
  /**
   * Extension: an independent city (highly urbanized or independent component) listed under the province it lies
   * in but is not part of (Davao City under Davao del Sur).
   */
  independent?: true;
}

export interface BarangayProps extends UnitFacts {
  code: string;
  name: string;
  poblacion: boolean;
  /** The latest census count the code list gives (its year: `population_year`). */
  population: number | null;
}

/**
 * A barangay as GET /v1/barangays, GET /v1/barangays/{id} and POST /v1/barangays/search give it: the live
 * service's fields (`l_code`, `p_code`, `r_code`: its city or municipality's, province's and region's codes),
 * with `population` (the latest census count, of `population_year`, with the other censuses' counts beside it) and
 * `poblacion` added. `id` is its 10-digit code; `type` its 2020 census class.
 */
export interface BarangayItem extends PopulationFacts {
  id: string;
  name: string;
  code: string;
  type: 'Urban' | 'Rural' | null;
  l_code: string;
  p_code: string | null;
  r_code: string;
  municity_name: string;
  province_name: string;
  population: number | null;
  poblacion: boolean;
}

/** Which words of a geocode query named the candidate's barangay, district, town, province and region. */
export interface GeocodeMatched {
  barangay?: string;
  district?: string;
  town?: string;
  province?: string;
  region?: string;
}

/**
 * A ZIP code read in a geocode query (extension): `agrees` when this unit's town (in Manila, its
 * district) has the code, or for a province or region when one of the code's towns lies in it; `towns` names the
 * towns the code belongs to, so a client can say "ZIP 4027 is City of Calamba, not Los Baños"; `alone` when the
 * code alone placed this unit (the query named no town that has it).
 */
export interface GeocodeZip {
  code: string;
  agrees: boolean;
  towns: string[];
  alone?: true;
}

export interface GeocodeCandidate {
  id: string;
  name: string;
  lat: number;
  lng: number;
  level: string;
  code: string;
  /** Names of the units above, nearest first (town, province, region). */
  parents: string[];
  score: number;
  /** The words of the query each level matched (extension). */
  matched?: GeocodeMatched;
  /** How sure the match is, 0 to 1: how much of the address it explains and how exactly (extension). */
  confidence?: number;
  /** The query named a unit below this one that is not in it: this is the broader unit (extension). */
  not_found?: { level: 'Bgy' | 'town'; text: string };
  /** This unit is not in the town or province the query named (offered as an alternative; extension). */
  outside?: { level: 'town' | 'province'; text: string };
  /**
   * An independent city (a highly urbanized or independent component city): the province it lies in but is not
   * part of, which `parents` lists as where it lies (extension).
   */
  independent_of?: string;
  /** The class of a city (HUC, ICC, CC; extension). */
  city_class?: string;
  /** A ZIP code the query carries, weighed as evidence of the town (extension; GeocodeZip). */
  zip?: GeocodeZip;
  /**
   * The query was a PSGC code of an older list, recoded since: that code and the lists that used it; `code` is the
   * same place's code now (extension).
   */
  recoded_from?: { code: string; vintages: string[] };
  /**
   * The query named a barangay of an older list that was split since (extension): this candidate is that
   * old barangay, under its old `code` (no longer in the list built), placed inside its old territory; `split`
   * says which lists had it, since when it is split, and its parts, one of which the place is in.
   */
  split?: SplitInfo;
  /** This barangay is one of the parts of a split barangay and has no boundary of its own yet (extension). */
  part_of?: PlaceRef & { since: string };
  /** Where the explorer shows it: region id, API province id and town id, as far down as it goes. */
  region_id: number;
  province_id: string | null;
  municity_id: number | null;
}

/** What a split barangay's candidate says of it (GeocodeCandidate.split). */
export interface SplitInfo {
  /** The lists that had the old barangay ("4Q 2023"). */
  vintages: string[];
  /** The first list with its parts ("4Q 2024"). */
  since: string;
  /** The town it was and its parts are in, by the built list's code. */
  town: PlaceRef;
  /** The parts, by the built list's codes: the place is in one of them, and none has a boundary yet. */
  parts: PlaceRef[];
}

export interface PageMeta {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  links: { self: string; next: string | null; prev: string | null };
}

export interface ErrorBody {
  data: null;
  error: { code: string; message: string; details?: Record<string, unknown> };
}

export type Shape = Polygon | MultiPolygon;
export type RegionFeature = Feature<MultiPolygon | null, { id: number | string; name: string; code: string }>;
export type RegionFeatureCollection = FeatureCollection<MultiPolygon | null, RegionFeature['properties']> & {
  meta?: PageMeta;
};

/** POST /v1/geocode/batch (extension): how a row of a file matched. */
export type MatchStatus = 'matched' | 'ambiguous' | 'unmatched';

export interface PlaceRef {
  code: string;
  name: string;
}

/**
 * A place an address resolved to, with every level above it by PSGC code and official name. `province` is the
 * province it lies in (an independent city's geographic province); NCR's towns have their district.
 */
export interface ResolvedPlace {
  /** The code of the unit it resolved to: the barangay's, else the town's, province's or region's. */
  psgc_code: string;
  /** Its level as the code list names it: Bgy, City, Mun, SubMun, Prov, Dist, Reg … */
  level: string;
  name: string;
  barangay: PlaceRef | null;
  city_municipality: PlaceRef | null;
  province: PlaceRef | null;
  region: PlaceRef;
  /** The unit's point (a town's is its town proper). */
  lat: number;
  lng: number;
  confidence: number;
  /** Why it is not a sure match, for a person to read ("Lahug is not in “Mandaue”; it is in City of Cebu."). */
  note: string | null;
  /** Where the explorer shows it (as in a geocode candidate): region id, API province id and town id. */
  region_id: number;
  province_id: string | null;
  municity_id: number | null;
  /**
   * The code list its codes are of ("2Q 2025"; extension): carried into every export of a matched file.
   * Absent from places matched by an older service.
   */
  psgc_vintage?: string;
  /**
   * The place is a barangay split since (GeocodeCandidate.split): `psgc_code` and `barangay` are the old
   * barangay's, of `split.vintages`; the town and above are of `psgc_vintage` (extension).
   */
  split?: SplitInfo;
}

export interface BatchGeocodeResult {
  status: MatchStatus;
  /** The best place; null when unmatched. */
  match: ResolvedPlace | null;
  /** The places to choose from: the best first, up to five (one when matched). */
  candidates: ResolvedPlace[];
  /**
   * Extension: why a person should look, when the row is not matched: unmatched ("The address is empty.", "No
   * Philippine place is named in the address.", an address abroad), or ambiguous (the best place's note, or a tie).
   */
  reason?: string;
}

/** The most addresses POST /v1/geocode/batch takes in one request. */
export const BATCH_GEOCODE_MAX = 1000;

/**
 * A request to /v1 answered without the network, by the built-in service's handlers in the page: what the
 * service side hands the client (src/mocks/browser.ts → src/api/client.ts).
 */
export type LocalAnswer = (url: string, init: RequestInit) => Promise<Response>;
