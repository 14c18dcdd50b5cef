import type { FeatureCollection, Geometry } from 'geojson';
import { useEffect } from 'react';
import { useFadedLayer, useFillGivesWay, useIdleAfter, useSelectedFeature } from '../../map/interactions.ts';
import type { SourceLayers } from '../../map/layers.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { firstScreenGivenUp, firstScreenShown } from '../../state/first-screen.ts';
import { LAYER } from './layer-ids.ts';
import { barangayLayers, batchLayers, regionLayers, regionTownLayers, townLayers } from './layers.ts';
import type { StepShapes } from './map-data.ts';
import { DRAWN_IN } from './steps/drawn.ts';
import type { Drawn, Step } from './steps/spec.ts';
import { specOf } from './steps/steps.ts';
import { type StepChoropleth, useChoroplethPaint } from './use-choropleth.ts';

const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

interface Props {
  step: Step;
  shapes: StepShapes;
  choropleth?: StepChoropleth;
  /** Another feature's figures are drawn under the step's units: their fills give way (outlines stay). */
  givesWay?: boolean;
}

/**
 * The polygons of the current step, one component a source, each with what acts on its layers (the selected
 * feature, the choropleth's colours) after it: regions always, a region's towns (coloured by province) at the
 * region step, a province's towns once one is chosen, a town's barangays once one is chosen (the places around
 * are StepSurroundings'). In MapLibre's order of sources: the regions', then the barangays' (both added at once, empty), then the rest
 * as their data comes.
 */
export function StepSources({ step, shapes, choropleth, givesWay = false }: Props) {
  const { province, town, batch, regionTowns, townFeature } = shapes;
  const fills = specOf(step).fills(step);
  return (
    <>
      <RegionsSource step={step} shapes={shapes} choropleth={choropleth} givesWay={givesWay} />
      <UnitsSource
        layers={batchLayers}
        data={fills.includes('batch') ? batch.data : EMPTY}
        shaded={{ drawn: DRAWN_IN.batch, choropleth }}
        givesWay={givesWay}
      />
      <UnitsSource
        layers={regionTownLayers}
        data={fills.includes('regionTowns') ? regionTowns : EMPTY}
        shaded={{ drawn: DRAWN_IN.regionTowns, choropleth }}
        givesWay={givesWay}
      />
      <UnitsSource
        layers={townLayers}
        data={fills.includes('towns') ? province.data?.geojson : EMPTY}
        selected={{ code: townFeature?.properties.code, ready: !!province.data }}
        shaded={{ drawn: DRAWN_IN.towns, choropleth }}
        givesWay={givesWay}
      />
      {/*
        Added with the regions, empty, so that it comes before every other source in MapLibre's order: a source's
        tiles are asked of the worker in that order, and at a town click the barangays' waited behind the towns'
        and the places around's tiles at the new zoom, as many again (the worker answers one message at a time).
      */}
      <UnitsSource
        layers={barangayLayers}
        always
        data={fills.includes('barangays') ? town.data?.geojson : EMPTY}
        selected={{ code: step.barangay, ready: !!town.data }}
        shaded={{ drawn: DRAWN_IN.barangays, choropleth }}
        givesWay={givesWay}
      />
    </>
  );
}

interface Source {
  layers: SourceLayers;
  data: FeatureCollection<Geometry | null> | undefined;
  always?: boolean;
  /** The feature marked selected, once its data is there. */
  selected?: { code: string | undefined; ready: boolean };
  /** The layers the choropleth colours while they draw the step's units. */
  shaded?: { drawn: Drawn; choropleth?: StepChoropleth };
  givesWay?: boolean;
}

/** A source bound to its data, then what acts on its layers: they exist once it has had data. */
function useUnitsSource({ layers, data, always, selected, shaded, givesWay = false }: Source) {
  useGeoJsonSource(layers, data, { always });
  useSelectedFeature(layers.source, selected?.code, !!selected?.ready);
  useChoroplethPaint(shaded?.drawn, shaded?.choropleth, data);
  useFillGivesWay(shaded?.drawn.fill.id, givesWay, data);
}

function UnitsSource(source: Source) {
  useUnitsSource(source);
  return null;
}

/**
 * The regions: the country step's units; below it they place the step, and give way to the places around it
 * once those are drawn (StepSurroundings hides them). Behind the regions drawn together they fade. Drawn, they are the first screen.
 */
function RegionsSource({ step, shapes, choropleth, givesWay }: Props) {
  const { regions, regionFeature } = shapes;
  useUnitsSource({
    layers: regionLayers,
    data: regions.data,
    always: true,
    selected: { code: regionFeature?.properties.code, ready: !!regions.data },
    shaded: { drawn: DRAWN_IN.regions, choropleth },
    givesWay,
  });
  useFadedLayer(LAYER.regionsFill, !!step.batch);
  const drawn = useIdleAfter('regions', !!regions.data);
  useEffect(() => {
    if (drawn) firstScreenShown();
  }, [drawn]);
  // Not read, its retries spent: the first screen will not be drawn until a retry, and need not hold the rest.
  useEffect(() => {
    if (regions.isError) firstScreenGivenUp();
  }, [regions.isError]);
  return null;
}
