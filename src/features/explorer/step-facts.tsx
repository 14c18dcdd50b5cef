import { useQuery } from '@tanstack/react-query';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { dataOf } from '../../api/select.ts';
import { regionPsgcCode, regionShortCode } from '../../contract/region-shape.ts';
import type { DetailLevel, Province } from '../../contract/types.ts';
import type { Facts } from './fact-rows.ts';
import { FactsCard } from './facts-card.tsx';

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

/** The region step's facts: the region's record from the regions' list, what it contains from its provinces. */
export function RegionFacts({ regionId }: { regionId: string }) {
  const regions = useQuery({ ...regionQueries.list(), select: indexRegions });
  const provinces = useQuery({ ...provinceQueries.byRegion(regionId), select: dataOf });
  const region = regions.data?.byId.get(regionId);
  // a created region has no PSGC code: its short code stands for it, in either shape
  const code = region && (regionPsgcCode(region) ?? regionShortCode(region));
  if (!region || !code) return null;
  const facts: Facts = {
    ...region,
    code,
    kind: 'Region',
    population: 'population' in region ? (region.population ?? null) : null,
    contains: containsText(provinces.data),
  };
  return <FactsCard facts={facts} label={`Facts: ${region.name}`} />;
}

/** The province step's facts, from the province's own record (the answer the map draws its towns from). */
export function ProvinceFacts({ provinceId, level }: { provinceId: string; level: DetailLevel }) {
  const province = useQuery({ ...provinceQueries.detail(provinceId, level), select: dataOf });
  const p = province.data;
  // A province created through the API has no facts yet: its name and code are in the title and the list.
  if (!p || (!p.psgc_code && p.area_km2 == null)) return null;
  const facts: Facts = {
    ...p,
    code: p.psgc_code ?? p.code,
    kind: p.psgc_code ? 'Province' : 'Listed as a province (no PSGC province)',
    population: p.population ?? null,
    contains: containsText(undefined, p),
  };
  return <FactsCard facts={facts} label={`Facts: ${p.name}`} />;
}
