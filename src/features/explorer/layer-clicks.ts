import { useQueryClient } from '@tanstack/react-query';
import type { MapGeoJSONFeature } from 'maplibre-gl';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { useLayerInteractions } from '../../map/interactions.ts';
import { figureText } from './choropleth.ts';
import { barangaysFill, batchFill, contextFill, regionsFill, regionTownsFill, townsFill } from './layers.ts';
import { featureWithCode } from './lookup.ts';
import type { StepShapes } from './map-data.ts';
import { below, openingOf, type Step, type StepKind, stepAt } from './step.ts';
import { childOf } from './steps/steps.ts';
import type { StepChoropleth } from './use-choropleth.ts';
import type { ExplorerView } from './view.ts';

/**
 * A click on a polygon goes one step down, as the panel's lists do; hovering names it. The features carry their
 * PSGC code, the URL the API's ids: each click looks the id up in the data drawn.
 */
export function useLayerClicks(
  step: Step,
  { regions, province, batch, regionTowns }: StepShapes,
  navigate: (view: ExplorerView) => void,
  choropleth?: StepChoropleth,
) {
  /** The hover's name, with the shaded figure where the layer is the choropleth's: nothing rests on colour alone. */
  const named =
    (
      layer: string,
      name: (f: MapGeoJSONFeature) => string = (f) => String(f.properties.name),
      /** The shaded unit's name, where the feature is a part of it (a town of a province at the region step). */
      unit?: (f: MapGeoJSONFeature) => string,
    ) =>
    (f: MapGeoJSONFeature) => {
      if (choropleth?.layer !== layer) return name(f);
      const key = String(f.properties[choropleth.property]);
      const figure = figureText(choropleth.shade, choropleth.figureOf.get(key), choropleth.year);
      return `${name(f)} · ${unit ? `${unit(f)}: ` : ''}${figure}`;
    };
  // A click on a unit opens it from the step whose units its layer draws, wherever the step shown is (step.ts).
  const open = (kind: StepKind, id: string | number | undefined) => {
    const view = id === undefined ? undefined : openingOf(step, kind, id);
    if (view) navigate(view);
  };
  const provinceStep = stepAt(step, 'province');
  useLayerInteractions(
    regionsFill,
    (code) => {
      const id = featureWithCode(regions.data, code)?.properties.id;
      // Below the region step the places around answer the click; at it, the region's towns (they pick a province).
      if (!provinceStep && String(id) !== step.region) open('region', id);
    },
    named(regionsFill.id),
  );
  useLayerInteractions(
    batchFill,
    (code) => open('region', featureWithCode(batch.data, code)?.properties.id),
    named(batchFill.id),
  );
  useLayerInteractions(
    regionTownsFill,
    (code) => open('province', featureWithCode(regionTowns, code)?.properties.province),
    named(
      regionTownsFill.id,
      (f) => `${f.properties.name}, ${f.properties.provinceName}`,
      (f) => String(f.properties.provinceName),
    ),
  );
  useLayerInteractions(
    townsFill,
    (code) => {
      // A town of the province, from the province step or from another of its towns.
      open('municity', featureWithCode(province.data?.geojson, code)?.properties.id);
    },
    named(townsFill.id),
  );
  useLayerInteractions(
    barangaysFill,
    (code) => {
      if (childOf(step.kind) === 'barangay') navigate(below(step, code));
    },
    named(barangaysFill.id),
  );
}

/**
 * A place around the step is entered by a click, as the step's own are; hovering names it with the place it
 * lies in. The context's features carry PSGC codes: a province is found in the API's province list, a city
 * that stands apart (or any town) by its code (GET /v1/municities/{code}), which says where it is listed.
 */
export function useContextClicks({ level }: Step, navigate: (view: ExplorerView) => void) {
  const client = useQueryClient();
  useLayerInteractions(
    contextFill,
    async (code) => {
      const [provinces, regions] = await Promise.all([
        client.fetchQuery(provinceQueries.list()),
        client.fetchQuery(regionQueries.list()),
      ]);
      const province = provinces.data.find((p) => p.psgc_code === code);
      if (province) {
        const region = indexRegions(regions).byId.get(province.region_id);
        navigate({ region: String(region?.id ?? province.region_id), province: province.id, level });
        return;
      }
      const { data: town } = await client.fetchQuery(municityQueries.record(code));
      navigate({
        region: String(town.region.id),
        province: String(town.province.id),
        municity: town.id,
        level,
      });
    },
    (f) => `${f.properties.name}, ${f.properties.within}`,
  );
}

/** The map's clicks and hovers for a step: on its own units and on the places around it. */
export function StepClicks({
  step,
  shapes,
  navigate,
  choropleth,
}: {
  step: Step;
  shapes: StepShapes;
  navigate: (view: ExplorerView) => void;
  choropleth?: StepChoropleth;
}) {
  useLayerClicks(step, shapes, navigate, choropleth);
  useContextClicks(step, navigate);
  return null;
}
