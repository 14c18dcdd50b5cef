import type {
  ExpressionSpecification,
  FillLayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';

/**
 * What the features' layer specs share: the places' colours, the hover and selected looks read from feature-state,
 * and the names drawn on the map. Every feature that draws places or names on the map builds them from these, so
 * a place looks alike wherever it is drawn.
 */

/** Eight soft colours, assigned by code so neighbours usually differ; none a blue that reads as the sea. */
const COLOURS = ['#f4d35e', '#9bc59d', '#f6a07a', '#c7a27c', '#d3a6d9', '#c9d97c', '#f2b5c4', '#a8d8cf'];

/** One of `colours` by the number in `digits`, modulo their count. */
export const colourBy = (digits: ExpressionSpecification, colours: readonly string[] = COLOURS) =>
  [
    'match',
    ['%', ['to-number', digits, 0], colours.length],
    ...colours.flatMap((colour, i) => [i, colour]),
    colours[0],
  ] as unknown as ExpressionSpecification; // built from an array, which the tuple type cannot follow

/** Whether a feature is hovered or selected (the map's interactions set it as feature-state). */
export const featureState = (name: 'hover' | 'selected'): ExpressionSpecification => [
  'boolean',
  ['feature-state', name],
  false,
];

/** A place's fill: stronger on hover, strongest when selected. */
export function placeFill(
  id: string,
  source: string,
  colour: ExpressionSpecification,
  base = 0.75,
): FillLayerSpecification {
  return {
    id,
    type: 'fill',
    source,
    paint: {
      'fill-color': colour,
      'fill-opacity': ['case', featureState('selected'), 0.95, featureState('hover'), Math.min(1, base + 0.2), base],
    },
  };
}

/** A place's edge: darker and wider on hover, blue and widest when selected. */
export function placeLine(id: string, source: string, width: number): LineLayerSpecification {
  return {
    id,
    type: 'line',
    source,
    paint: {
      'line-color': ['case', featureState('selected'), '#0b3d91', featureState('hover'), '#1b2a38', '#3d4f5f'],
      'line-width': ['case', featureState('selected'), width * 3, featureState('hover'), width * 2, width],
    },
  };
}

/**
 * Names drawn with the system's fonts: the style has no glyph server (MapLibre ≥ 5.11 draws them locally). Every
 * label layer's paint is constant, so all of them are drawn by one GL program: a new program is built on its first
 * draw, which holds the page's main thread for hundreds of milliseconds under a software renderer.
 */
export function nameLabel(
  id: string,
  source: string,
  look: { field: string; size: number; maxWidth: number; colour: string; halo: number; minzoom?: number },
): SymbolLayerSpecification {
  return {
    id,
    type: 'symbol',
    source,
    ...(look.minzoom !== undefined && { minzoom: look.minzoom }),
    layout: { 'text-field': ['get', look.field], 'text-size': look.size, 'text-max-width': look.maxWidth },
    paint: { 'text-color': look.colour, 'text-halo-color': '#ffffff', 'text-halo-width': look.halo },
  };
}
