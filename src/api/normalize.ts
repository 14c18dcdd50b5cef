import type { FeatureCollection, Geometry } from 'geojson';
import type { Province } from '../contract/types.ts';

/**
 * The one place where answers are read in whatever shape a /v1 server gives them (issue 19), so features see one
 * shape: ours (the interface document's, with its extensions) and the live service's as its documentation shows
 * them (src/api/fixtures/live/). What differs, and what is done about it, is in docs/api-decisions.md.
 */

/**
 * A PSGC code as the 10 digits of the current list. The live service writes some codes in the old 9-digit form
 * (a province's `code`, `140100000`) and some as numbers (a province's `region_id`, `140000000`): the old form has
 * two province digits where the new has three (RR PP MM BBB → RR 0PP MM BBB), which holds for every code that
 * was not changed since (the Negros Island Region's 4Q 2024 codes were). Anything else is not a PSGC code: null.
 */
export function psgcOf(code: string | number | null | undefined): string | null {
  const text = typeof code === 'number' ? String(code).padStart(9, '0') : (code ?? '').trim();
  if (/^\d{10}$/.test(text)) return text;
  if (/^\d{9}$/.test(text)) return `${text.slice(0, 2)}0${text.slice(2)}`;
  return null;
}

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
  const psgc = raw.psgc_code ?? psgcOf(raw.code);
  const region = typeof raw.region_id === 'number' ? (psgcOf(raw.region_id) ?? String(raw.region_id)) : raw.region_id;
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
      properties: { ...f.properties, code: psgcOf(f.properties.code) ?? f.properties.code },
    })),
  };
}
