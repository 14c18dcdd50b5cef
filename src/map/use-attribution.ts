import { useEffect } from 'react';
import { useMap } from './map-context.ts';

/** Shows a line in the map's attribution control, through an empty source that carries it. */
export function useAttribution(text: string | undefined) {
  const map = useMap();
  useEffect(() => {
    if (!text) return;
    const id = 'attribution';
    map.addSource(id, { type: 'geojson', data: { type: 'FeatureCollection', features: [] }, attribution: text });
    // A source shows its attribution only while a layer uses it.
    map.addLayer({ id, type: 'fill', source: id });
    return () => {
      if (map.getLayer(id)) map.removeLayer(id);
      if (map.getSource(id)) map.removeSource(id);
    };
  }, [map, text]);
}
