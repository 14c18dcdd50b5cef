import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection, Geometry } from 'geojson';
import { useCallback, useEffect, useMemo } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { provinceQueries, type TownCollection } from '../../api/provinces.ts';
import type { Province } from '../../contract/types.ts';
import { boundsOf } from '../../map/bounds.ts';
import {
  useFadedLayer,
  useFitTo,
  useHiddenLayers,
  useIdleAfter,
  useSelectedFeature,
  useViewBounds,
  useZoomTracking,
} from '../../map/interactions.ts';
import {
  barangayLayers,
  batchLayers,
  contextLayers,
  LAYER,
  regionLayers,
  regionTownLayers,
  SOURCE,
  townLayers,
} from '../../map/layers.ts';
import { useMap } from '../../map/map-context.ts';
import { fitPadding } from '../../map/maplibre.ts';
import { useAttribution } from '../../map/use-attribution.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { firstScreenShown } from '../../state/first-screen.ts';
import { townDrawn } from '../../state/ui-store.ts';
import { fitTarget } from './camera.ts';
import { linkedCamera, useCameraInLink } from './camera-link.ts';
import { type Around, aroundStep, useContextAround } from './context.ts';
import { useContextClicks, useLayerClicks } from './layer-clicks.ts';
import { featureWithId } from './lookup.ts';
import { batchCodesOf, loadedShapes, townDrawnKey, useMapData } from './map-data.ts';
import { useRegionTowns } from './region-towns.ts';
import { SearchedPlace } from './searched-place.tsx';
import { useChoropleth, useChoroplethPaint } from './use-choropleth.ts';
import { type ExplorerView, useDetailLevel, useExplorerView, useZoomPrediction } from './view.ts';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The polygons of the current view, rendered inside the map: regions always, a region's towns (coloured by
 * province) at the region step, a province's towns once one is chosen, a town's barangays once one is chosen.
 * Clicking a polygon goes one step down; the camera fits each new selection once.
 */
export function ExplorerLayers() {
  const [view, navigate] = useExplorerView();
  const level = useDetailLevel(view);
  const manifest = useQuery(datasetQueries.manifest());
  useAttribution(manifest.data?.attribution);
  useZoomTracking();

  const data = useMapData(view, level);
  const { regions, province, town, batch } = data;
  const batchCodes = batchCodesOf(view);
  const atRegion = view.region && !view.province ? view.region : undefined;
  const regionTowns = useRegionTowns(atRegion, level, view);

  useGeoJsonSource(regionLayers, regions.data, { always: true });
  const regionsIdle = useIdleAfter('regions', !!regions.data);
  useEffect(() => {
    if (regionsIdle) firstScreenShown();
  }, [regionsIdle]);
  const regionCode = featureWithId(regions.data, view.region)?.properties.code;
  const around = useAround(view, regionCode, province.data);
  // The step's own polygons first: the places around are asked for once the map has drawn them.
  const stepDrawn = view.municity ? !!town.data : view.province ? !!province.data : !!regionTowns;
  const stepKey = `${view.region}/${view.province}/${view.municity}/${level}`;
  const stepIdle = useIdleAfter(stepKey, stepDrawn);
  useEffect(() => {
    if (view.municity && stepIdle) townDrawn(townDrawnKey(view, level));
  }, [view, level, stepIdle]);
  const context = useContextAround(around, level, regions.data, useViewBounds(), stepIdle);
  useGeoJsonSource(contextLayers, around ? context : EMPTY);
  // Below the country, the places around the step stand where the regions' simple outlines would.
  useHiddenLayers([LAYER.regionsFill, LAYER.regionsLine], !!view.region && !!context);
  useGeoJsonSource(batchLayers, batchCodes ? batch.data : EMPTY);
  useGeoJsonSource(regionTownLayers, atRegion ? regionTowns : EMPTY);
  useFadedLayer(LAYER.regionsFill, !!batchCodes);
  useGeoJsonSource(townLayers, view.province ? province.data?.geojson : EMPTY);
  // Added with the regions, empty, so that it comes before every other source in MapLibre's order: a source's
  // tiles are asked of the worker in that order, and at a town click the barangays' waited behind the towns' and
  // the places around's tiles at the new zoom, as many again (the worker answers one message at a time).
  useGeoJsonSource(barangayLayers, view.municity ? town.data?.geojson : EMPTY, { always: true });

  const townCode = featureWithId(province.data?.geojson, view.municity)?.properties.code;
  useSelectedFeature(SOURCE.regions, regionCode, !!regions.data);
  useSelectedFeature(SOURCE.towns, townCode, !!province.data);
  useSelectedFeature(SOURCE.barangays, view.barangay, !!town.data);

  // After the sources: their layers exist once their data has come, and the colours are set on them then.
  const choropleth = useChoropleth(view, level);
  const stepData = view.municity
    ? town.data
    : view.province
      ? province.data
      : view.region
        ? regionTowns
        : batchCodes
          ? batch.data
          : regions.data;
  useChoroplethPaint(view, choropleth, stepData);

  useLayerClicks(view, data, regionTowns, navigate, choropleth);
  useContextClicks(view, navigate);
  useTownZoomPrediction(province.data?.geojson, view.municity);
  const target = fitTarget(view, loadedShapes(data));
  const placed = useFitTo(target.shapes, target.key, undefined, linkedCamera);
  useCameraInLink(placed, target.key);
  return <SearchedPlace view={view} level={level} />;
}

const psgcCodes = (page: { data: Province[] }) => page.data.flatMap((p) => (p.psgc_code ? [p.psgc_code] : []));

/** What surrounds the step, and what of it the step draws itself; undefined at the country and while unknown. */
function useAround(
  view: ExplorerView,
  regionCode: string | undefined,
  province: { data: Province; geojson: TownCollection } | undefined,
): Around | undefined {
  const provinceCode = view.province ? province?.data.psgc_code : undefined;
  const towns = view.province ? province?.geojson : undefined;
  const step = !view.region ? undefined : !view.province ? 'region' : view.municity ? 'town' : 'province';
  // A `select` defined once keeps its answer while the list is the same: the memo below holds across renders.
  const regionAreas = useQuery({
    ...provinceQueries.byRegion(step === 'region' ? view.region : undefined),
    select: psgcCodes,
  }).data;
  return useMemo(
    () =>
      step && aroundStep(step, regionCode, towns && { code: provinceCode ?? null, towns: towns.features }, regionAreas),
    [step, regionCode, provinceCode, towns, regionAreas],
  );
}

/** Opening a town of the province on the map: the camera will fit its outline, already drawn. */
function useTownZoomPrediction(
  towns: FeatureCollection<Geometry | null, { id: number | string }> | undefined,
  current: number | undefined,
) {
  const map = useMap();
  useZoomPrediction(
    useCallback(
      (next: ExplorerView) => {
        if (next.municity === undefined || next.municity === current) return undefined;
        const town = featureWithId(towns, next.municity);
        const bounds = town && boundsOf({ type: 'FeatureCollection', features: [town] });
        if (!bounds) return undefined;
        return map.cameraForBounds(bounds, { padding: fitPadding(map.getContainer()), maxZoom: 15 })?.zoom;
      },
      [map, towns, current],
    ),
  );
}
