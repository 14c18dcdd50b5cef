import type { FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { HATCH_IMAGE } from '../../map/hatch.ts';
import { colourBy, featureState, nameLabel, placeFill, placeLine } from '../../map/layer-helpers.ts';
import { SLOT, type SourceLayers } from '../../map/layers.ts';
import { LAYER, SOURCE } from './layer-ids.ts';

/**
 * The explorer's layers: the step's places (regions, a region's towns, a province's towns, a town's barangays),
 * the places around the step with their names, land no barangay covers and split barangays' old territory. Each
 * source's layers go under its own slot (map/layers.ts), whichever component mounts them first.
 */

export const regionsFill = placeFill(
  LAYER.regionsFill,
  SOURCE.regions,
  colourBy(['slice', ['to-string', ['get', 'code']], 0, 2]),
);
export const regionsLine = placeLine(LAYER.regionsLine, SOURCE.regions, 0.8);
export const townsFill = placeFill(LAYER.townsFill, SOURCE.towns, colourBy(['slice', ['get', 'code'], 5, 7]), 0.7);
export const townsLine = placeLine(LAYER.townsLine, SOURCE.towns, 0.8);
export const barangaysFill = placeFill(
  LAYER.barangaysFill,
  SOURCE.barangays,
  colourBy(['slice', ['get', 'code'], 7, 10]),
  0.6,
);
export const barangaysLine = placeLine(LAYER.barangaysLine, SOURCE.barangays, 0.6);
export const batchFill = placeFill(
  LAYER.batchFill,
  SOURCE.batch,
  colourBy(['slice', ['to-string', ['get', 'code']], 0, 2]),
  0.85,
);
export const batchLine = placeLine(LAYER.batchLine, SOURCE.batch, 1);

export const barangaysLabel = nameLabel(LAYER.barangaysLabel, SOURCE.barangays, {
  field: 'name',
  size: 11,
  maxWidth: 8,
  colour: '#1b2a38',
  halo: 1.2,
  minzoom: 11,
});

/** At the region step: the region's towns coloured by province, so a click anywhere picks a province. */
export const regionTownsFill = placeFill(
  LAYER.regionTownsFill,
  SOURCE.regionTowns,
  colourBy(['to-string', ['get', 'colour']]),
  0.75,
);
export const regionTownsLine: LineLayerSpecification = {
  id: LAYER.regionTownsLine,
  type: 'line',
  source: SOURCE.regionTowns,
  paint: { 'line-color': '#6b7b8a', 'line-width': 0.4 },
};

/**
 * The places around the current step: muted, so the step stands out, each with its name on the map (the hover
 * adds the place above it). Coloured by code, so a place keeps its colour at every detail and every step.
 */
const CONTEXT_COLOURS = ['#e6dfcc', '#d8d2bd', '#e2d6c2', '#d4d9c4', '#e0d3cf', '#d7d0c6'];
export const contextFill = placeFill(
  LAYER.contextFill,
  SOURCE.context,
  colourBy(['slice', ['get', 'code'], 2, 7], CONTEXT_COLOURS),
  0.85,
);
export const contextLine: LineLayerSpecification = {
  id: LAYER.contextLine,
  type: 'line',
  source: SOURCE.context,
  paint: {
    'line-color': ['case', featureState('hover'), '#1b2a38', '#6d6a5f'],
    'line-width': ['case', featureState('hover'), 1.6, 0.9],
  },
};
export const contextLabel = nameLabel(LAYER.contextLabel, SOURCE.contextLabels, {
  field: 'name',
  size: 12,
  maxWidth: 8,
  colour: '#4a4639',
  halo: 1.2,
});

/**
 * Around a town, the provinces in view by name: larger, in capitals and spaced, as printed maps name a province
 * over its towns. Placed before the towns' names where they collide (the upper layer is placed first).
 */
const areaLabel = nameLabel(LAYER.areaLabel, SOURCE.areaLabels, {
  field: 'name',
  size: 13,
  maxWidth: 10,
  colour: '#5b4a2e',
  halo: 1.6,
});
areaLabel.layout = { ...areaLabel.layout, 'text-transform': 'uppercase', 'text-letter-spacing': 0.08 };

/**
 * An area drawn hatched (hatch.ts), unlike any place's flat colour and nothing like the sea's blue, with a dashed
 * edge: a fill and its line on one source, brighter on hover.
 */
function hatchedArea(
  ids: { fill: string; line: string },
  source: string,
  look: { opacity: [hover: number, rest: number]; edge: string; width: number; dash: [number, number] },
): [FillLayerSpecification, LineLayerSpecification] {
  return [
    {
      id: ids.fill,
      type: 'fill',
      source,
      paint: {
        'fill-pattern': HATCH_IMAGE,
        'fill-opacity': ['case', featureState('hover'), ...look.opacity],
      },
    },
    {
      id: ids.line,
      type: 'line',
      source,
      paint: { 'line-color': look.edge, 'line-width': look.width, 'line-dasharray': look.dash },
    },
  ];
}

/**
 * Land no barangay covers (docs/data.md, "Holes no barangay fills"): hatched grey-brown with a dashed edge, so
 * it reads as land that belongs to no place. The hover names it and the towns around it.
 */
export const [noBarangayFill, noBarangayLine] = hatchedArea(
  { fill: LAYER.noBarangayFill, line: LAYER.noBarangayLine },
  SOURCE.noBarangay,
  { opacity: [1, 0.85], edge: '#8a8272', width: 1, dash: [2, 2] },
);

/**
 * A split barangay's old territory: hatched as land that is no barangay now, with a stronger outline of its own,
 * so it reads as one place whose parts are not drawn (their boundaries are not yet published).
 */
export const [splitsFill, splitsLine] = hatchedArea({ fill: LAYER.splitsFill, line: LAYER.splitsLine }, SOURCE.splits, {
  opacity: [0.9, 0.6],
  edge: '#5b4a2f',
  width: 2,
  dash: [3, 1.5],
});

export const regionLayers: SourceLayers = {
  source: SOURCE.regions,
  layers: [regionsFill, regionsLine],
  beforeId: SLOT.regions,
};
export const noBarangayLayers: SourceLayers = {
  source: SOURCE.noBarangay,
  layers: [noBarangayFill, noBarangayLine],
  beforeId: SLOT.noBarangay,
};
/** "Barangay 176 (split: 176-A to 176-F)", once the town is in view. */
const splitsLabel = nameLabel(LAYER.splitsLabel, SOURCE.splits, {
  field: 'short',
  size: 12,
  maxWidth: 9,
  colour: '#3d2f18',
  halo: 1.5,
  minzoom: 11,
});
export const splitLayers: SourceLayers = {
  source: SOURCE.splits,
  layers: [splitsFill, splitsLine, splitsLabel],
  beforeId: SLOT.splits,
};
export const contextLayers: SourceLayers = {
  source: SOURCE.context,
  layers: [contextFill, contextLine],
  beforeId: SLOT.context,
};
/** The names of the places around the step, one each (a polygon's own labels repeat per island and per tile). */
export const contextLabelLayers: SourceLayers = {
  source: SOURCE.contextLabels,
  layers: [contextLabel],
  beforeId: SLOT.context,
};
export const areaLabelLayers: SourceLayers = {
  source: SOURCE.areaLabels,
  layers: [areaLabel],
  beforeId: SLOT.areaLabels,
};
export const batchLayers: SourceLayers = { source: SOURCE.batch, layers: [batchFill, batchLine], beforeId: SLOT.batch };
export const regionTownLayers: SourceLayers = {
  source: SOURCE.regionTowns,
  layers: [regionTownsFill, regionTownsLine],
  beforeId: SLOT.regionTowns,
};
export const townLayers: SourceLayers = { source: SOURCE.towns, layers: [townsFill, townsLine], beforeId: SLOT.towns };
export const barangayLayers: SourceLayers = {
  source: SOURCE.barangays,
  layers: [barangaysFill, barangaysLine, barangaysLabel],
  beforeId: SLOT.barangays,
};
