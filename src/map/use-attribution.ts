import { useEffect } from 'react';
import { SLOT } from './layers.ts';
import { useMap } from './map-context.ts';

/** The empty source that carries the data's attribution line, and its one layer. */
export const ATTRIBUTION = { source: 'attribution', layer: 'attribution' } as const;

/**
 * Shows a line in the map's attribution control, through an empty source that carries it. Its `maxzoom` of 0
 * makes it one tile at every zoom: with the default, MapLibre's worker was asked for each tile in view at each
 * new zoom, and at a town click its nine empty tiles queued ahead of the barangays' (counted with the map's
 * `sourcedata` events).
 */
export function useAttribution(text: string | undefined) {
  const map = useMap();
  useEffect(() => {
    if (!text) return;
    map.addSource(ATTRIBUTION.source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      attribution: text,
      maxzoom: 0,
    });
    // A source shows its attribution only while a layer uses it; an empty one, so where it is drawn is moot.
    map.addLayer({ id: ATTRIBUTION.layer, type: 'fill', source: ATTRIBUTION.source }, SLOT.regions);
    return () => {
      if (map.getLayer(ATTRIBUTION.layer)) map.removeLayer(ATTRIBUTION.layer);
      if (map.getSource(ATTRIBUTION.source)) map.removeSource(ATTRIBUTION.source);
    };
  }, [map, text]);
}
