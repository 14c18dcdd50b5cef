import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection } from 'geojson';
import { useEffect, useMemo } from 'react';
import { provinceQueries } from '../../api/provinces.ts';
import { provincePsgcCodes } from '../../api/select.ts';
import { useHiddenLayers, useIdleAfter, useSeenBounds, useViewBounds } from '../../map/interactions.ts';
import { clipToBox, labelPoints } from '../../map/label-point.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { townDrawn } from '../../state/ui-store.ts';
import { LAYER } from './layer-ids.ts';
import { areaLabelLayers, contextLabelLayers, contextLayers } from './layers.ts';
import { drawnKeyOf, type StepShapes } from './map-data.ts';
import type { Step } from './step.ts';
import { specOf } from './steps/steps.ts';
import { type Around, aroundStep, type ContextCollection, type Surrounding, useContextAround } from './surroundings.ts';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The places around the step, drawn once the step's own polygons are, and the regions' simple outlines hidden
 * where they stand. A component of its own, after the step's sources: it follows the view's box, so a pan or a
 * zoom renders it alone, not every source of the step.
 */
export function StepSurroundings({ step, shapes }: { step: Step; shapes: StepShapes }) {
  const stepDrawn = useStepDrawn(step, shapes.own);
  const surroundings = useSurroundings(step, shapes, stepDrawn);
  useGeoJsonSource(contextLayers, surroundings.source);
  const labels = useMemo(
    () => labelPoints(surroundings.source as ContextCollection | undefined),
    [surroundings.source],
  );
  useGeoJsonSource(contextLabelLayers, labels);
  const seen = useSeenBounds();
  const provinceLabels = useMemo(() => provinceNames(surroundings.provinces, seen), [surroundings.provinces, seen]);
  useGeoJsonSource(areaLabelLayers, provinceLabels);
  useHiddenLayers([LAYER.regionsFill, LAYER.regionsLine], surroundings.drawn);
  return null;
}

/**
 * Whether the map has gone idle since it drew the step's own units (below the country): what only surrounds
 * the step waits for it. A town step so drawn is told to ui-store, which the province's detail waits for.
 */
function useStepDrawn(step: Step, own: unknown): boolean {
  const idle = useIdleAfter(`${step.key}/${step.detail}`, !!step.parent && !!own);
  useEffect(() => {
    const key = drawnKeyOf(step);
    if (key !== undefined && idle) townDrawn(key);
  }, [step, idle]);
  return idle;
}

interface Surroundings {
  /** What the places-around source holds: nothing at the country; undefined while the first ones load. */
  source: ContextCollection | FeatureCollection | undefined;
  /** Some are drawn: they stand where the regions' simple outlines would. */
  drawn: boolean;
  /** Around a town, the provinces in view, named over their towns. */
  provinces: Surrounding['provinces'];
}

/** The places around the step, at its detail, asked for once the step's own are drawn (`stepDrawn`). */
function useSurroundings(step: Step, shapes: StepShapes, stepDrawn: boolean): Surroundings {
  const regionCode = shapes.regionFeature?.properties.code;
  const around = useAround(step, regionCode, shapes.province.data);
  const { places, provinces } = useContextAround(around, step.detail, shapes.regions.data, useViewBounds(), stepDrawn);
  return { source: around ? places : EMPTY, drawn: !!places, provinces };
}

/** What surrounds the step, and what of it the step draws itself; undefined at the country and while unknown. */
function useAround(
  step: Step,
  regionCode: string | undefined,
  province: StepShapes['province']['data'],
): Around | undefined {
  const { place, lists } = specOf(step);
  const provinceCode = step.province ? province?.data.psgc_code : undefined;
  const towns = step.province ? province?.geojson : undefined;
  // A `select` defined once keeps its answer while the list is the same: the memo below holds across renders.
  const regionAreas = useQuery({
    ...provinceQueries.byRegion(lists.includes('provinces') ? step.region : undefined),
    select: provincePsgcCodes,
  }).data;
  return useMemo(
    () =>
      place &&
      aroundStep(place, regionCode, towns && { code: provinceCode ?? null, towns: towns.features }, regionAreas),
    [place, regionCode, provinceCode, towns, regionAreas],
  );
}

/** Each province's name at a point of the part of it in sight (not under the panel, not off screen). */
function provinceNames(provinces: Surrounding['provinces'], seen: ReturnType<typeof useSeenBounds>) {
  const features = seen
    ? provinces.flatMap((f) => {
        const geometry = clipToBox(f.geometry, seen);
        return geometry ? [{ ...f, geometry }] : [];
      })
    : [];
  return labelPoints({ type: 'FeatureCollection', features });
}
