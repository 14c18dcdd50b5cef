import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection, Geometry } from 'geojson';
import { useCallback, useEffect } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { boundsOf } from '../../map/bounds.ts';
import {
  useFadedLayer,
  useFitTo,
  useHiddenLayers,
  useIdleAfter,
  useSelectedFeature,
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
import { fitTarget } from './camera.ts';
import { linkedCamera, useCameraInLink } from './camera-link.ts';
import { useContextClicks, useLayerClicks } from './layer-clicks.ts';
import { featureWithId } from './lookup.ts';
import { loadedShapes, useStepShapes } from './map-data.ts';
import { SearchedPlace } from './searched-place.tsx';
import { drawnIn, useChoropleth, useChoroplethPaint } from './use-choropleth.ts';
import { useStep } from './use-step.ts';
import { useStepDrawn, useSurroundings } from './use-surroundings.ts';
import { type ExplorerView, useZoomPrediction } from './view.ts';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The polygons of the current step, rendered inside the map: regions always, a region's towns (coloured by
 * province) at the region step, a province's towns once one is chosen, a town's barangays once one is chosen.
 * Clicking a polygon goes one step down; the camera fits each new selection once.
 */
export function ExplorerLayers() {
  const { step, view, navigate } = useStep();
  const manifest = useQuery(datasetQueries.manifest());
  useAttribution(manifest.data?.attribution);
  useZoomTracking();

  const shapes = useStepShapes(step);
  const { regions, province, town, batch, regionTowns } = shapes;

  useGeoJsonSource(regionLayers, regions.data, { always: true });
  const regionsIdle = useIdleAfter('regions', !!regions.data);
  useEffect(() => {
    if (regionsIdle) firstScreenShown();
  }, [regionsIdle]);
  // The step's own polygons first: the places around are asked for once the map has drawn them.
  const stepDrawn = useStepDrawn(step, shapes.own);
  const surroundings = useSurroundings(step, shapes, stepDrawn);
  useGeoJsonSource(contextLayers, surroundings.source);
  // Below the country, the places around the step stand where the regions' simple outlines would.
  useHiddenLayers([LAYER.regionsFill, LAYER.regionsLine], surroundings.drawn);
  useGeoJsonSource(batchLayers, step.batch ? batch.data : EMPTY);
  useGeoJsonSource(regionTownLayers, step.kind === 'region' ? regionTowns : EMPTY);
  useFadedLayer(LAYER.regionsFill, !!step.batch);
  useGeoJsonSource(townLayers, step.province ? province.data?.geojson : EMPTY);
  // Added with the regions, empty, so that it comes before every other source in MapLibre's order: a source's
  // tiles are asked of the worker in that order, and at a town click the barangays' waited behind the towns' and
  // the places around's tiles at the new zoom, as many again (the worker answers one message at a time).
  useGeoJsonSource(barangayLayers, step.municity ? town.data?.geojson : EMPTY, { always: true });

  const regionCode = featureWithId(regions.data, step.region)?.properties.code;
  const townCode = featureWithId(province.data?.geojson, step.municity)?.properties.code;
  useSelectedFeature(SOURCE.regions, regionCode, !!regions.data);
  useSelectedFeature(SOURCE.towns, townCode, !!province.data);
  useSelectedFeature(SOURCE.barangays, step.barangay, !!town.data);

  // After the sources: their layers exist once their data has come, and the colours are set on them then.
  const choropleth = useChoropleth(step, view.shade);
  useChoroplethPaint(drawnIn(step), choropleth, shapes.own);

  useLayerClicks(step, shapes, navigate, choropleth);
  useContextClicks(step, navigate);
  useTownZoomPrediction(province.data?.geojson, step.municity);
  const target = fitTarget(step, loadedShapes(shapes));
  const placed = useFitTo(target.shapes, target.key, undefined, linkedCamera);
  useCameraInLink(placed, target.key);
  return <SearchedPlace step={step} at={view.marker} />;
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
