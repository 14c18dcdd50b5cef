import type { FeatureCollection, Geometry } from 'geojson';
import { psgcCodeOf } from '../contract/psgc.ts';
import { CENSUS_YEARS, type CensusYear, type PopulationFacts, type Province } from '../contract/types.ts';

/**
 * The one place where answers are read in whatever shape a /v1 server gives them, so features see one
 * shape: ours (the interface document's, with its extensions) and the live service's as its documentation shows
 * them (src/api/fixtures/live/). What differs, and what is done about it, is in docs/api-decisions.md.
 */

/** A detail's answer: enveloped (`{ data, geojson?, error }`, ours with geometry and the live service's) or bare. */
export function detailOf<T, G = never>(answer: unknown): { data: T; geojson?: G } {
  if (answer && typeof answer === 'object' && 'data' in answer && !Array.isArray(answer)) {
    const { data, geojson } = answer as { data: T; geojson?: G };
    if (data && typeof data === 'object') return geojson === undefined ? { data } : { data, geojson };
  }
  return { data: answer as T };
}

type RawProvince = Partial<Omit<Province, 'id' | 'region_id'>> & {
  id: string | number;
  name: string;
  region_id?: string | number;
  /** The live service's population member in a province's detail. */
  pop?: number | null;
};

/**
 * A province as the app reads it. Ours: `id` text, `code` the short code, `psgc_code` the PSGC code, `region_id`
 * the region's string id. The live service's: `id` a number, `code` the PSGC code (9 digits in its list, 10 in
 * its detail), `region_id` the region's 9-digit code as a number, `pop` for the population. The PSGC code then
 * stands as the code too, and the region is found by its PSGC code (indexRegions keys regions by it).
 */
export function normalizeProvince(raw: RawProvince): Province {
  const psgc = raw.psgc_code ?? psgcCodeOf(raw.code);
  const region =
    typeof raw.region_id === 'number' ? (psgcCodeOf(raw.region_id) ?? String(raw.region_id)) : raw.region_id;
  const ours = typeof raw.code === 'string' && !/^\d+$/.test(raw.code);
  const { pop, ...rest } = raw;
  return {
    ...rest,
    id: String(raw.id),
    name: raw.name,
    code: ours ? (raw.code as string) : (psgc ?? String(raw.code ?? '')),
    psgc_code: psgc ?? null,
    region_id: region ?? '',
    population: raw.population ?? pop ?? null,
    created_at: raw.created_at ?? null,
  };
}

/** A collection of outlines keyed by PSGC code, whichever form the codes come in. */
export function outlinesOf<G extends Geometry | null, P extends { code: string }>(
  collection: FeatureCollection<G, P>,
): FeatureCollection<G, P> {
  return {
    ...collection,
    features: collection.features.map((f) => ({
      ...f,
      properties: { ...f.properties, code: psgcCodeOf(f.properties.code) ?? f.properties.code },
    })),
  };
}

/** One census's count of a place as an answer gives it; `year` null when the server does not say which census. */
export interface CensusCount {
  year: CensusYear | null;
  /** Null: no count of its own in that census (new since, or counted with another barangay). */
  count: number | null;
  /** Where its people were counted, when the count is null (PSA's note). */
  note?: string;
}

/** What the features read of a place's counts, whichever fields the server sent. */
export interface PlaceCounts {
  /** Each census the answer gives, newest first: the latest (`population`) is the first. */
  censuses: CensusCount[];
  /** The census of `population` and of the density; null when the server does not say. */
  year: CensusYear | null;
  /** % a year from 2020 to 2024; undefined when the answer does not carry it. */
  growth?: number | null;
}

/**
 * A place's counts, however the server gives them: ours, with `population` and `population_year` and each census
 * the data carries beside it (population_2024, population_2020, population_2015, growth_2020_2024); or only a
 * `population` (a server without the extension, the live service's `pop` read as it by normalizeProvince), whose
 * census is not known and is said to be so rather than guessed.
 */
export function placeCounts(record: PopulationFacts & { population?: number | null }): PlaceCounts {
  const year = record.population_year ?? null;
  const censuses: CensusCount[] = [];
  for (const y of [...CENSUS_YEARS].reverse()) {
    const key = `population_${y}` as const;
    if (!(key in record)) continue;
    const note = record.population_notes?.[`${y}`];
    censuses.push({ year: y, count: record[key] ?? null, ...(note && { note }) });
  }
  if (!censuses.length && record.population != null) censuses.push({ year, count: record.population });
  return { censuses, year, ...('growth_2020_2024' in record && { growth: record.growth_2020_2024 }) };
}
