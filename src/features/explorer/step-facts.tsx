import { useQuery } from '@tanstack/react-query';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { dataOf } from '../../api/select.ts';
import type { DetailLevel } from '../../contract/types.ts';
import { FactsCard } from './facts-card.tsx';
import { provinceFacts, regionFacts } from './place-facts.ts';

/** The region step's facts: the region's record from the regions' list, what it contains from its provinces. */
export function RegionFacts({ regionId }: { regionId: string }) {
  const regions = useQuery({ ...regionQueries.list(), select: indexRegions });
  const provinces = useQuery({ ...provinceQueries.byRegion(regionId), select: dataOf });
  const region = regions.data?.byId.get(regionId);
  const facts = region && regionFacts(region, provinces.data);
  if (!facts) return null;
  return <FactsCard facts={facts} label={`Facts: ${facts.name}`} />;
}

/** The province step's facts, from the province's own record (the answer the map draws its towns from). */
export function ProvinceFacts({ provinceId, level }: { provinceId: string; level: DetailLevel }) {
  const province = useQuery({ ...provinceQueries.detail(provinceId, level), select: dataOf });
  // A province created through the API has no facts yet: its name and code are in the title and the list.
  const facts = province.data && provinceFacts(province.data);
  if (!facts) return null;
  return <FactsCard facts={facts} label={`Facts: ${facts.name}`} />;
}
