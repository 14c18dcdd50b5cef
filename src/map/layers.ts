import type { ExpressionSpecification, FillLayerSpecification, LineLayerSpecification } from 'maplibre-gl';

export const REGIONS_SOURCE = 'regions';

/** Eight soft colours, assigned by region code so neighbours usually differ. */
const REGION_COLOURS = ['#f4d35e', '#9bc59d', '#f6a07a', '#8fb8de', '#d3a6d9', '#c9d97c', '#f2b5c4', '#a8d8cf'];

export const regionsFill: FillLayerSpecification = {
  id: 'regions-fill',
  type: 'fill',
  source: REGIONS_SOURCE,
  paint: {
    'fill-color': [
      'match',
      ['%', ['to-number', ['slice', ['get', 'code'], 0, 2]], REGION_COLOURS.length],
      ...REGION_COLOURS.flatMap((colour, i) => [i, colour]),
      REGION_COLOURS[0],
    ] as unknown as ExpressionSpecification, // built from an array, which the tuple type cannot follow
    'fill-opacity': 0.85,
  },
};

export const regionsLine: LineLayerSpecification = {
  id: 'regions-line',
  type: 'line',
  source: REGIONS_SOURCE,
  paint: { 'line-color': '#3d4f5f', 'line-width': 0.8 },
};
