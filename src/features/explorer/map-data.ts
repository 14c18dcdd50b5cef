import { useQuery, useQueryClient } from '@tanstack/react-query';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { DETAIL_LEVELS, type DetailLevel } from '../../contract/types.ts';
import { useTownDrawn } from '../../state/ui-store.ts';
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
  const province = useQuery(provinceQueries.detail(view.province, useProvinceLevel(view, level)));
  const town = useQuery(municityQueries.detail(view.municity, level));
  const batch = useQuery(regionQueries.batch(batchCodesOf(view), level));
  return { regions, province, town, batch };
}

export type MapData = ReturnType<typeof useMapData>;

/** The key of a town step once drawn (ui-store's townDrawn). */
export const townDrawnKey = (view: ExplorerView, level: DetailLevel) => `${view.municity}/${level}`;

/**
 * The detail the province's towns are read at. Opening a town moves the camera in, and the level with it; the
 * province's towns at the new level would be parsed and tiled by MapLibre's worker at the same time as the
 * town's barangays, and delay them (a fifth of a click's time on this machine). So at a town step they stay
 * at a level already loaded until the barangays are drawn, and only then move to the town's level.
 */
export function useProvinceLevel(view: ExplorerView, level: DetailLevel): DetailLevel {
  const queryClient = useQueryClient();
  const drawn = useTownDrawn();
  return provinceLevelOf(
    view,
    level,
    drawn,
    (d) => queryClient.getQueryData(provinceQueries.detail(view.province, d).queryKey) !== undefined,
  );
}

/** useProvinceLevel's rule: `drawn` is the town step drawn last (townDrawnKey), `loaded` says what is cached. */
export function provinceLevelOf(
  view: ExplorerView,
  level: DetailLevel,
  drawn: string | null,
  loaded: (level: DetailLevel) => boolean,
): DetailLevel {
  if (!view.municity || !view.province || drawn === townDrawnKey(view, level)) return level;
  // The finest loaded: the one the province step drew.
  return [level, ...[...DETAIL_LEVELS].reverse()].find(loaded) ?? level;
}

/** The shapes loaded so far, for the camera. */
export const loadedShapes = ({ regions, province, town, batch }: MapData): LoadedShapes => ({
  regions: regions.data,
  towns: province.data?.geojson,
  barangays: town.data?.geojson,
  batch: batch.data,
});
