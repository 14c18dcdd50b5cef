import type { SplitBarangay } from '../../api/dataset.ts';
import { regionPsgcCode, regionShortCode } from '../../contract/region-shape.ts';
import type { BarangayProps, MunicityDetail, Province, Region } from '../../contract/types.ts';
import type { Facts } from './fact-rows.ts';

/**
 * Each level's facts from the API's answers, in one place: the step's facts card and a comparison of two places
 * build them here, so both show the same rows (fact-rows.ts).
 */

const counted = (n: number, one: string, many: string) => `${n.toLocaleString('en-PH')} ${n === 1 ? one : many}`;

/** "6 provinces · 5 cities · 73 municipalities": what the lists under a place hold. */
export function containsText(provinces: Province[] | undefined, own?: Province): string | undefined {
  const listed = own ? [own] : provinces;
  if (!listed?.length || listed.some((p) => p.city_count == null)) return undefined;
  const cities = listed.reduce((s, p) => s + (p.city_count ?? 0), 0);
  const municipalities = listed.reduce((s, p) => s + (p.municipality_count ?? 0), 0);
  // Metro Manila is listed as a province but is none (no PSGC code of its own): it is not counted as one.
  const real = own ? 0 : listed.filter((p) => p.psgc_code).length;
  return [
    real ? counted(real, 'province', 'provinces') : null,
    counted(cities, 'city', 'cities'),
    counted(municipalities, 'municipality', 'municipalities'),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A region's facts from its record, and what it contains from its provinces (while they load, without). */
export function regionFacts(region: Region, provinces: Province[] | undefined): Facts | undefined {
  // a created region has no PSGC code: its short code stands for it, in either shape
  const code = regionPsgcCode(region) ?? regionShortCode(region);
  if (!code) return undefined;
  return {
    ...region,
    code,
    kind: 'Region',
    population: 'population' in region ? (region.population ?? null) : null,
    contains: containsText(provinces),
  };
}

/** A province's facts from its own record; none for a province created through the API, which has none yet. */
export function provinceFacts(p: Province): Facts | undefined {
  if (!p.psgc_code && p.area_km2 == null) return undefined;
  return {
    ...p,
    code: p.psgc_code ?? p.code,
    kind: p.psgc_code ? 'Province' : 'Listed as a province (no PSGC province)',
    population: p.population ?? null,
    contains: containsText(undefined, p),
  };
}

/** A city's or municipality's facts; `independentOf`, the province it lies in but is not part of. */
export function townFacts(town: MunicityDetail, independentOf: string | undefined): Facts {
  return {
    ...town,
    kind: town.type === 'City' ? 'City' : 'Municipality',
    cityClass: town.city_class,
    incomeClass: town.income_class,
    contains: `${town.barangay_count.toLocaleString('en-PH')} barangays`,
    independentOf,
  };
}

/**
 * A barangay's facts from its town's answer; `whole`, the split barangay it is a part of (before 3Q 2025, PSA's
 * list gives a part the whole's 2020 count).
 */
export function barangayFacts(
  barangay: BarangayProps & { boundary: boolean },
  whole: SplitBarangay | undefined,
): Facts {
  return {
    ...barangay,
    kind: barangay.boundary ? 'Barangay' : 'Barangay (no boundary yet)',
    whole,
  };
}
