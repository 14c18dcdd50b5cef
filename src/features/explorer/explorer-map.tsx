import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection, Geometry } from 'geojson';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import type { DetailLevel } from '../../contract/types.ts';
import {
  useFadedLayer,
  useFitTo,
  useLayerInteractions,
  useSelectedFeature,
  useZoomTracking,
} from '../../map/interactions.ts';
import {
  barangayLayers,
  barangaysFill,
  batchFill,
  batchLayers,
  LAYER,
  regionLayers,
  regionsFill,
  regionTownLayers,
  regionTownsFill,
  SOURCE,
  townLayers,
  townsFill,
} from '../../map/layers.ts';
import { PHILIPPINES_BOUNDS } from '../../map/maplibre.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { useRegionTowns } from './region-towns.ts';
import type { ExplorerView } from './view.ts';

const COUNTRY: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      // The country's box as a polygon: the camera fits polygons (a line here was never fitted).
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [PHILIPPINES_BOUNDS[0], PHILIPPINES_BOUNDS[1]],
            [PHILIPPINES_BOUNDS[2], PHILIPPINES_BOUNDS[3]],
          ],
        ],
      },
    },
  ],
};

/** The boundary queries behind the map for a view; the notices over the map read the same ones. */
export function useMapData(view: ExplorerView, level: DetailLevel) {
  // Context layers above the current step stay at `simple`: they are only there to orient.
  const regions = useQuery(regionQueries.shapes(view.province ? 'simple' : level));
  const province = useQuery(provinceQueries.detail(view.province, level));
  const town = useQuery(municityQueries.detail(view.municity, level));
  const batchCodes = !view.region && view.batch ? view.batch : undefined;
  const batch = useQuery(regionQueries.batch(batchCodes, level));
  return { regions, province, town, batch, batchCodes };
}

/**
 * The polygons of the current view: regions always, a province's towns once one is chosen, a town's barangays
 * once one is chosen. Clicking a polygon goes one step down; the camera fits each new selection once.
 */
export function ExplorerMap({
  view,
  level,
  navigate,
}: {
  view: ExplorerView;
  level: DetailLevel;
  navigate: (view: ExplorerView) => void;
}) {
  useZoomTracking();
  const { regions, province, town, batch, batchCodes } = useMapData(view, level);

  useGeoJsonSource(regionLayers, regions.data);
  useGeoJsonSource(batchLayers, batchCodes ? batch.data : EMPTY);
  const atRegion = view.region && !view.province ? view.region : undefined;
  const regionTowns = useRegionTowns(atRegion, level);
  useGeoJsonSource(regionTownLayers, atRegion ? regionTowns : EMPTY);
  useFadedLayer(LAYER.regionsFill, !!batchCodes);
  useGeoJsonSource(townLayers, view.province ? province.data?.geojson : EMPTY);
  useGeoJsonSource(barangayLayers, view.municity ? town.data?.geojson : EMPTY);

  const regionFeature = regions.data?.features.find((f) => String(f.properties.id) === view.region);
  const townFeature = province.data?.geojson.features.find((f) => f.properties.id === view.municity);
  useSelectedFeature(SOURCE.regions, regionFeature?.properties.code, !!regions.data);
  useSelectedFeature(SOURCE.towns, townFeature?.properties.code, !!province.data);
  useSelectedFeature(SOURCE.barangays, view.barangay, !!town.data);

  useLayerInteractions(regionsFill, (code) => {
    const id = regions.data?.features.find((f) => String(f.properties.code) === code)?.properties.id;
    // Inside the selected region, the region's towns layer answers the click (it picks a province).
    if (id !== undefined && !view.province && String(id) !== view.region)
      navigate({ region: String(id), level: view.level });
  });
  useLayerInteractions(batchFill, (code) => {
    const id = batch.data?.features.find((f) => String(f.properties.code) === code)?.properties.id;
    if (id !== undefined) navigate({ region: String(id), level: view.level });
  });
  useLayerInteractions(
    regionTownsFill,
    (code) => {
      const town = regionTowns?.features.find((f) => f.properties.code === code);
      if (town) navigate({ region: view.region, province: town.properties.province, level: view.level });
    },
    (f) => `${f.properties.name}, ${f.properties.provinceName}`,
  );
  useLayerInteractions(townsFill, (code) => {
    const id = province.data?.geojson.features.find((f) => f.properties.code === code)?.properties.id;
    if (id !== undefined) navigate({ ...view, municity: id, barangay: undefined });
  });
  useLayerInteractions(barangaysFill, (code) => navigate({ ...view, barangay: code }));

  const target: [FeatureCollection<Geometry | null> | undefined, string] = view.municity
    ? [town.data?.geojson, `municity:${view.municity}`]
    : view.province
      ? [province.data?.geojson, `province:${view.province}`]
      : view.region
        ? [regionFeature && { type: 'FeatureCollection', features: [regionFeature] }, `region:${view.region}`]
        : batchCodes
          ? [batch.data, `batch:${batchCodes.join()}`]
          : [COUNTRY, 'country'];
  useFitTo(...target);
  return null;
}

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };
