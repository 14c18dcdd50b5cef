import { useQuery } from '@tanstack/react-query';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import type { DetailLevel } from '../../contract/types.ts';
import type { LoadedShapes } from './camera.ts';
import type { ExplorerView } from './view.ts';

/** The regions drawn together: only at the country step, where no region is chosen. */
export const batchCodesOf = (view: ExplorerView) => (!view.region && view.batch ? view.batch : undefined);

/** The boundary queries behind the map for a view; the notices over the map read the same ones. */
export function useMapData(view: ExplorerView, level: DetailLevel) {
  // The regions are the country step's units; below it they only place the step (its box, the region's
  // outline while the places around it load), so they stay at `simple`: the places around come at the step's
  // detail from their own files (context.ts).
  const regions = useQuery(regionQueries.shapes(view.region ? 'simple' : level));
  const province = useQuery(provinceQueries.detail(view.province, level));
  const town = useQuery(municityQueries.detail(view.municity, level));
  const batch = useQuery(regionQueries.batch(batchCodesOf(view), level));
  return { regions, province, town, batch };
}

export type MapData = ReturnType<typeof useMapData>;

/** The shapes loaded so far, for the camera. */
export const loadedShapes = ({ regions, province, town, batch }: MapData): LoadedShapes => ({
  regions: regions.data,
  towns: province.data?.geojson,
  barangays: town.data?.geojson,
  batch: batch.data,
});
