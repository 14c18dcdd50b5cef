import type {
  ExpressionSpecification,
  FillLayerSpecification,
  LineLayerSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';

export const REGIONS_SOURCE = 'regions';
export const TOWNS_SOURCE = 'towns';
export const BARANGAYS_SOURCE = 'barangays';
export const BATCH_SOURCE = 'batch';
export const REGION_TOWNS_SOURCE = 'region-towns';

/** Eight soft colours, assigned by code so neighbours usually differ. */
const COLOURS = ['#f4d35e', '#9bc59d', '#f6a07a', '#8fb8de', '#d3a6d9', '#c9d97c', '#f2b5c4', '#a8d8cf'];
const colourBy = (digits: ExpressionSpecification) =>
  [
    'match',
    ['%', ['to-number', digits, 0], COLOURS.length],
    ...COLOURS.flatMap((colour, i) => [i, colour]),
    COLOURS[0],
  ] as unknown as ExpressionSpecification; // built from an array, which the tuple type cannot follow

const state = (name: 'hover' | 'selected'): ExpressionSpecification => ['boolean', ['feature-state', name], false];

function fill(id: string, source: string, colour: ExpressionSpecification, base = 0.75): FillLayerSpecification {
  return {
    id,
    type: 'fill',
    source,
    paint: {
      'fill-color': colour,
      'fill-opacity': ['case', state('selected'), 0.95, state('hover'), Math.min(1, base + 0.2), base],
    },
  };
}

function line(id: string, source: string, width: number): LineLayerSpecification {
  return {
    id,
    type: 'line',
    source,
    paint: {
      'line-color': ['case', state('selected'), '#0b3d91', state('hover'), '#1b2a38', '#3d4f5f'],
      'line-width': ['case', state('selected'), width * 3, state('hover'), width * 2, width],
    },
  };
}

export const regionsFill = fill(
  'regions-fill',
  REGIONS_SOURCE,
  colourBy(['slice', ['to-string', ['get', 'code']], 0, 2]),
);
export const regionsLine = line('regions-line', REGIONS_SOURCE, 0.8);
export const townsFill = fill('towns-fill', TOWNS_SOURCE, colourBy(['slice', ['get', 'code'], 5, 7]), 0.7);
export const townsLine = line('towns-line', TOWNS_SOURCE, 0.8);
export const barangaysFill = fill('barangays-fill', BARANGAYS_SOURCE, colourBy(['slice', ['get', 'code'], 7, 10]), 0.6);
export const barangaysLine = line('barangays-line', BARANGAYS_SOURCE, 0.6);
export const batchFill = fill(
  'batch-fill',
  BATCH_SOURCE,
  colourBy(['slice', ['to-string', ['get', 'code']], 0, 2]),
  0.85,
);
export const batchLine = line('batch-line', BATCH_SOURCE, 1);

/** Names drawn with the system's fonts: the style has no glyph server (MapLibre ≥ 5.11 draws them locally). */
export const barangaysLabel: SymbolLayerSpecification = {
  id: 'barangays-label',
  type: 'symbol',
  source: BARANGAYS_SOURCE,
  minzoom: 11,
  layout: { 'text-field': ['get', 'name'], 'text-size': 11, 'text-max-width': 8 },
  paint: { 'text-color': '#1b2a38', 'text-halo-color': '#ffffff', 'text-halo-width': 1.2 },
};

/** At the region step: the region's towns coloured by province, so a click anywhere picks a province. */
export const regionTownsFill = fill(
  'region-towns-fill',
  REGION_TOWNS_SOURCE,
  colourBy(['to-string', ['get', 'colour']]),
  0.75,
);
export const regionTownsLine: LineLayerSpecification = {
  id: 'region-towns-line',
  type: 'line',
  source: REGION_TOWNS_SOURCE,
  paint: { 'line-color': '#6b7b8a', 'line-width': 0.4 },
};
