import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useRef, useState } from 'react';
import { provinceQueries, type TownCollection, type TownFeatureProps } from '../../api/provinces.ts';
import type { Province } from '../../contract/types.ts';
import type { Step } from './step.ts';
import { specOf } from './steps/steps.ts';

export type RegionTown = Feature<
  Polygon | MultiPolygon | null,
  TownFeatureProps & { province: string; provinceName: string; colour: number }
>;
export type RegionTownCollection = FeatureCollection<RegionTown['geometry'], RegionTown['properties']>;

/**
 * The provinces' towns as one collection, tagged with their province; undefined until every province has
 * answered. A `combine` defined once: React Query runs it again only when a province's answer changes and keeps
 * the previous collection when the new one is equal, so the map is not handed new GeoJSON on every render.
 */
export function combineRegionTowns(
  details: UseQueryResult<{ data: Province; geojson: TownCollection }>[],
): RegionTownCollection | undefined {
  if (details.some((d) => !d.data)) return undefined;
  // Colour by the province's place in the region, so neighbouring provinces differ.
  const features: RegionTown[] = details.flatMap((d, colour) =>
    d.data!.geojson.features.map((f) => ({
      ...f,
      properties: { ...f.properties, province: d.data!.data.id, provinceName: d.data!.data.name, colour },
    })),
  );
  return { type: 'FeatureCollection', features };
}

/**
 * The towns of every province of a region, tagged with their province: the API has no province outlines, and
 * these let a click on the map pick a province. The requests are the province step's own, so they are cached
 * for it.
 *
 * Until the region's provinces are known, the province the user came up from (the last step's, if in this
 * region) stays asked for: its towns are among the region's. Without an observer between the province step
 * leaving the query and the region's list arriving, React Query cancels a download in progress (its signal is
 * consumed: query.ts removeObserver) and the region step starts it again from zero.
 */
export function useRegionTowns(step: Step) {
  const regionId = specOf(step).fills(step).includes('regionTowns') ? step.region : undefined;
  const provinces = useQuery(provinceQueries.byRegion(regionId));
  const left = useProvinceLeft(step);
  const from = regionId && left?.region === regionId ? [left.province] : [];
  const towns = useQueries({
    queries: (provinces.data?.data.map((p) => p.id) ?? from).map((id) => provinceQueries.detail(id, step.detail)),
    combine: combineRegionTowns,
  });
  // While the towns load at another detail, those of the last one stand in (as sameRecord does for one
  // province): the map keeps the region's towns in their colours instead of emptying and refilling.
  const last = useRef<{ regionId: string; towns: RegionTownCollection }>(undefined);
  if (regionId && towns) last.current = { regionId, towns };
  if (!regionId || !provinces.data) return undefined;
  return towns ?? (last.current?.regionId === regionId ? last.current.towns : undefined);
}

/** The last province the steps went through, with its region. */
function useProvinceLeft({ region, province }: Step) {
  const [left, setLeft] = useState<{ region: string; province: string }>();
  // Kept from the render before, as React's docs do for a value that depends on the previous props.
  if (region && province && (left?.region !== region || left.province !== province)) {
    setLeft({ region, province });
  }
  return left;
}
