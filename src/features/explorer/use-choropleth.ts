import type { FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';
import { useMap } from '../../map/map-context.ts';
import { type Choropleth, choroplethOf, figureOf, fillColour, SHADED_LINE, type Shade } from './choropleth.ts';
import type { Drawn, Step } from './steps/spec.ts';
import { specOf } from './steps/steps.ts';
import { useUnitList } from './unit-list.ts';

export type { Drawn } from './steps/spec.ts';

/** The layers a step's units are drawn in (its spec's). */
export const drawnIn = (step: Step): Drawn => specOf(step).drawn(step);

export interface StepChoropleth extends Choropleth {
  /** The fill layer the step's units are drawn in, and the feature property that keys them. */
  layer: string;
  property: string;
}

/**
 * The units of the current step, classed by the view's `shade`: from the same answers the lists and the map
 * read (the regions' list, a region's provinces, a province's towns, a town's barangays), so it follows the step
 * and the detail level; undefined when nothing is shaded or the figures have not arrived.
 */
export function useChoropleth(step: Step, shade: Shade | undefined): StepChoropleth | undefined {
  const drawn = drawnIn(step);
  const { list } = useUnitList(step, !!shade);
  // The step's spec, not the step: a barangay picked or a detail crossed makes a new step of the same units, and
  // must not colour the map again.
  const spec = specOf(step);
  return useMemo(() => {
    if (!shade || list === undefined) return undefined;
    const units = spec.figured(list);
    const year = units.find(({ unit }) => unit.population_year)?.unit.population_year ?? null;
    const shaded = choroplethOf(
      shade,
      units.map(({ key, unit }) => ({ key, figure: figureOf(unit, shade) })),
      year,
    );
    return { ...shaded, layer: drawn.fill.id, property: drawn.property };
  }, [spec, shade, list, drawn]);
}

/**
 * Colours a layer by the choropleth while it is the step's and on, and gives the layer back its own colours
 * after. Called where the layer's source is bound, after it: `drawn` changes when the layer is added (its
 * data's first arrival), so the colours follow it onto the map.
 */
export function useChoroplethPaint(layers: Drawn | undefined, choropleth: StepChoropleth | undefined, drawn: unknown) {
  const map = useMap();
  const { fill, line } = layers ?? {};
  const on = fill && choropleth?.layer === fill.id ? choropleth : undefined;
  useEffect(() => {
    if (!on || !fill || !drawn || !map.getLayer(fill.id)) return;
    const restore = (
      spec: FillLayerSpecification | LineLayerSpecification,
      property: Parameters<typeof map.setPaintProperty>[1],
    ) => {
      const own = (spec.paint as Record<string, Parameters<typeof map.setPaintProperty>[2]>)[property];
      return () => {
        if (map.getLayer(spec.id)) map.setPaintProperty(spec.id, property, own);
      };
    };
    const undo = [restore(fill, 'fill-color'), restore(fill, 'fill-opacity')];
    map.setPaintProperty(fill.id, 'fill-color', fillColour(on, on.property));
    map.setPaintProperty(fill.id, 'fill-opacity', ['case', ['boolean', ['feature-state', 'hover'], false], 1, 0.9]);
    if (line && map.getLayer(line.id)) {
      undo.push(restore(line, 'line-color'));
      map.setPaintProperty(line.id, 'line-color', [
        'case',
        ['boolean', ['feature-state', 'selected'], false],
        '#0b3d91',
        SHADED_LINE,
      ]);
    }
    return () => {
      for (const u of undo) u();
    };
  }, [map, on, drawn, fill, line]);
}
