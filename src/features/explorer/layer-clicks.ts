import { useLayerInteractions } from '../../map/interactions.ts';
import { barangaysFill, batchFill, regionsFill, regionTownsFill, townsFill } from '../../map/layers.ts';
import { featureWithCode } from './lookup.ts';
import type { MapData } from './map-data.ts';
import type { RegionTownCollection } from './region-towns.ts';
import type { ExplorerView } from './view.ts';

/**
 * A click on a polygon goes one step down, as the panel's lists do; hovering names it. The features carry their
 * PSGC code, the URL the API's ids: each click looks the id up in the data drawn.
 */
export function useLayerClicks(
  view: ExplorerView,
  { regions, province, batch }: MapData,
  regionTowns: RegionTownCollection | undefined,
  navigate: (view: ExplorerView) => void,
) {
  useLayerInteractions(regionsFill, (code) => {
    const id = featureWithCode(regions.data, code)?.properties.id;
    // Inside the selected region, the region's towns layer answers the click (it picks a province).
    if (id !== undefined && !view.province && String(id) !== view.region)
      navigate({ region: String(id), level: view.level });
  });
  useLayerInteractions(batchFill, (code) => {
    const id = featureWithCode(batch.data, code)?.properties.id;
    if (id !== undefined) navigate({ region: String(id), level: view.level });
  });
  useLayerInteractions(
    regionTownsFill,
    (code) => {
      const town = featureWithCode(regionTowns, code);
      if (town) navigate({ region: view.region, province: town.properties.province, level: view.level });
    },
    (f) => `${f.properties.name}, ${f.properties.provinceName}`,
  );
  useLayerInteractions(townsFill, (code) => {
    const id = featureWithCode(province.data?.geojson, code)?.properties.id;
    if (id !== undefined) navigate({ ...view, municity: id, barangay: undefined });
  });
  useLayerInteractions(barangaysFill, (code) => navigate({ ...view, barangay: code }));
}
