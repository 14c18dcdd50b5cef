import { type UseQueryResult, useQueries, useQuery } from '@tanstack/react-query';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { provinceQueries, type TownCollection, type TownFeatureProps } from '../../api/provinces.ts';
import type { DetailLevel, Province } from '../../contract/types.ts';

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
 */
export function useRegionTowns(regionId: string | undefined, level: DetailLevel) {
  const provinces = useQuery(provinceQueries.byRegion(regionId));
  const towns = useQueries({
    queries: (provinces.data?.data ?? []).map((p) => provinceQueries.detail(p.id, level)),
    combine: combineRegionTowns,
  });
  return regionId && provinces.data ? towns : undefined;
}
