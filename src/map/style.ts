import type { StyleSpecification } from 'maplibre-gl';

/**
 * A self-contained style: no tiles, sprites or glyph server, so the map works with no network. Text labels,
 * when a layer adds them, are drawn with the system's fonts (MapLibre GL JS ≥ 5.11 does so when `glyphs` is
 * left out).
 */
export const offlineStyle: StyleSpecification = {
  version: 8,
  name: 'Kapuluan offline',
  sources: {},
  layers: [{ id: 'sea', type: 'background', paint: { 'background-color': '#cfe3ee' } }],
};
