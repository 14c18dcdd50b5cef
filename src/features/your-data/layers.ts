import type { ExpressionSpecification, FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';
import { SLOT, type SourceLayers } from '../../map/layers.ts';
import { NO_VALUE_COLOUR } from '../../map/palettes.ts';

/** The source and layers of a user's figures; the browser tests and bench:ui ask the map for these ids. */
export const YOUR_DATA = { source: 'your-data', fill: 'your-data-fill', line: 'your-data-line' } as const;

/** Each place's class, set by code as feature-state (-1: no figure), so a new column or palette moves no polygon. */
export const CLASS_STATE = 'class';

const hover: ExpressionSpecification = ['boolean', ['feature-state', 'hover'], false];

/** The fill colour: a class's colour by the place's class, grey for a place without a figure. */
export function classFill(colours: readonly string[]): ExpressionSpecification {
  if (!colours.length) return ['literal', NO_VALUE_COLOUR] as unknown as ExpressionSpecification;
  // Built from an array, which the expression's tuple type cannot follow.
  return [
    'match',
    ['to-number', ['coalesce', ['feature-state', CLASS_STATE], -1]],
    ...colours.flatMap((colour, i) => [i, colour]),
    NO_VALUE_COLOUR,
  ] as unknown as ExpressionSpecification;
}

/** Each place's fill: its colour by class, its opacity by hover, as the step's own fills vary theirs (see the line). */
const fill: FillLayerSpecification = {
  id: YOUR_DATA.fill,
  type: 'fill',
  source: YOUR_DATA.source,
  paint: { 'fill-color': NO_VALUE_COLOUR, 'fill-opacity': ['case', hover, 1, 0.9] },
};

/**
 * Thin light edges between the places (the step's own outlines are drawn over them, darker). Its paint varies by
 * feature the same properties as the step's own lines do (colour and width; the edge's transparency is in its
 * colour), so MapLibre draws it with the GL program those have built: a new one would be built on the first draw,
 * holding the main thread for hundreds of milliseconds under a software renderer.
 */
const line: LineLayerSpecification = {
  id: YOUR_DATA.line,
  type: 'line',
  source: YOUR_DATA.source,
  paint: {
    'line-color': ['case', hover, '#1b2a38', 'rgba(255, 255, 255, 0.7)'],
    'line-width': ['case', hover, 2, 0.5],
  },
};

export const yourDataLayers: SourceLayers = { source: YOUR_DATA.source, layers: [fill, line], beforeId: SLOT.yourData };
