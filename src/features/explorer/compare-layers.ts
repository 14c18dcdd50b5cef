import type { ExpressionSpecification, LineLayerSpecification } from 'maplibre-gl';
import { SLOT, type SourceLayers } from '../../map/layers.ts';
import { LAYER, SOURCE } from './layer-ids.ts';

/**
 * The two places compared, outlined over whatever the step draws: the first solid blue, the second dashed pink,
 * each over a white halo so it reads on any fill, the choropleth's darkest class included. The colours' names
 * are said in the panel's key, so the outline is told apart by its dash as well as its colour.
 */
export const COMPARE_COLOURS = {
  a: { colour: '#1d4ed8', words: 'solid blue' },
  b: { colour: '#be185d', words: 'dashed pink' },
} as const;

const isFirst: ExpressionSpecification = ['==', ['get', 'role'], 'a'];

const halo: LineLayerSpecification = {
  id: LAYER.compareHalo,
  type: 'line',
  source: SOURCE.compare,
  layout: { 'line-join': 'round' },
  paint: { 'line-color': '#ffffff', 'line-width': 6, 'line-opacity': 0.9 },
};

const line: LineLayerSpecification = {
  id: LAYER.compareLine,
  type: 'line',
  source: SOURCE.compare,
  layout: { 'line-join': 'round' },
  paint: {
    'line-color': ['case', isFirst, COMPARE_COLOURS.a.colour, COMPARE_COLOURS.b.colour],
    'line-width': 3,
    'line-dasharray': ['case', isFirst, ['literal', [1, 0]], ['literal', [2, 1.2]]],
  },
};

export const compareLayers: SourceLayers = { source: SOURCE.compare, layers: [halo, line], beforeId: SLOT.compare };
