import { useQueries, useQuery } from '@tanstack/react-query';
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { provinceQueries, type TownFeatureProps } from '../../api/provinces.ts';
import type { DetailLevel } from '../../contract/types.ts';

export type RegionTown = Feature<
  Polygon | MultiPolygon | null,
  TownFeatureProps & { province: string; provinceName: string; colour: number }
>;

/**
 * The towns of every province of a region, tagged with their province: the API has no province outlines, and
 * these let a click on the map pick a province. The requests are the province step's own, so they are cached
 * for it.
 */
export function useRegionTowns(regionId: string | undefined, level: DetailLevel) {
  const provinces = useQuery(provinceQueries.byRegion(regionId));
  const details = useQueries({
    queries: (provinces.data?.data ?? []).map((p) => provinceQueries.detail(p.id, level)),
  });
  if (!regionId || !provinces.data || details.some((d) => !d.data)) return undefined;
  // Colour by the province's place in the region, so neighbouring provinces differ.
  const features: RegionTown[] = details.flatMap((d, colour) =>
    d.data!.geojson.features.map((f) => ({
      ...f,
      properties: { ...f.properties, province: d.data!.data.id, provinceName: d.data!.data.name, colour },
    })),
  );
  return { type: 'FeatureCollection', features } satisfies FeatureCollection<Polygon | MultiPolygon | null>;
}
