import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { DETAIL_LEVELS, type DetailLevel } from '../../contract/types.ts';
import { useTownDrawn } from '../../state/ui-store.ts';
import type { LoadedShapes } from './camera.ts';
import { featureWithId } from './lookup.ts';
import { useRegionTowns } from './region-towns.ts';
import type { Step } from './step.ts';
import { specOf } from './steps/steps.ts';

/**
 * The boundary queries behind the map for a step, with the step's own region and town found in them once (the
 * sources, the camera and the places around read them); the notices over the map read the same.
 */
export function useMapData(step: Step) {
  // The regions are the country step's units; below it they only place the step (its box, the region's
  // outline while the places around it load), so they stay at `simple`: the places around come at the step's
  // detail from their own files (context.ts).
  const regions = useQuery(regionQueries.shapes(step.region ? 'simple' : step.detail));
  const province = useQuery(provinceQueries.detail(step.province, useProvinceLevel(step)));
  const town = useQuery(municityQueries.detail(step.municity, step.detail));
  const batch = useQuery(regionQueries.batch(step.batch, step.detail));
  const regionFeature = useMemo(() => featureWithId(regions.data, step.region), [regions.data, step.region]);
  const towns = province.data?.geojson;
  const townFeature = useMemo(() => featureWithId(towns, step.municity), [towns, step.municity]);
  return { regions, province, town, batch, regionFeature, townFeature };
}

export type MapData = ReturnType<typeof useMapData>;

/**
 * What the map draws for a step: the boundary queries' answers, the region's towns (at the region step), and
 * `own`, the step's own units as drawn (the regions, or those drawn together; a region's towns; a province's
 * towns; a town's barangays), undefined while they load.
 */
export function useStepShapes(step: Step) {
  const data = useMapData(step);
  const regionTowns = useRegionTowns(step);
  const { regions, province, town, batch } = data;
  const own = specOf(step).own(step, {
    regions: regions.data,
    batch: batch.data,
    regionTowns,
    province: province.data,
    town: town.data,
  });
  return { ...data, regionTowns, own };
}

export type StepShapes = ReturnType<typeof useStepShapes>;

/** The key a step is told drawn by (ui-store's `townDrawn`); undefined for a step nothing waits for. */
export const drawnKeyOf = (step: Step): string | undefined => specOf(step).drawnKey?.(step);

/**
 * The detail the province's towns are read at. Opening a town moves the camera in, and the level with it; the
 * province's towns at the new level would be parsed and tiled by MapLibre's worker at the same time as the
 * town's barangays, and delay them (a fifth of a click's time on this machine). So at a town step they stay
 * at a level already loaded until the barangays are drawn, and only then move to the town's level.
 */
export function useProvinceLevel(step: Step): DetailLevel {
  const queryClient = useQueryClient();
  const drawn = useTownDrawn();
  return provinceLevelOf(
    step,
    drawn,
    (d) => queryClient.getQueryData(provinceQueries.detail(step.province, d).queryKey) !== undefined,
  );
}

/** useProvinceLevel's rule: `drawn` is the step drawn last (its spec's `drawnKey`), `loaded` says what is cached. */
export function provinceLevelOf(
  step: Step,
  drawn: string | null,
  loaded: (level: DetailLevel) => boolean,
): DetailLevel {
  const { detail } = step;
  // Only a step that is told drawn (a town's) waits: its province's towns stay at a level already loaded.
  const key = drawnKeyOf(step);
  if (key === undefined || drawn === key) return detail;
  // The finest loaded: the one the province step drew.
  return [detail, ...[...DETAIL_LEVELS].reverse()].find(loaded) ?? detail;
}

/** The shapes loaded so far, for the camera. */
export const loadedShapes = ({ regionFeature, townFeature, province, town, batch }: MapData): LoadedShapes => ({
  region: regionFeature,
  town: townFeature,
  towns: province.data?.geojson,
  barangays: town.data?.geojson,
  batch: batch.data,
});
