import type { FeatureCollection, GeoJsonProperties, Geometry } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect } from 'react';
import type { SourceLayers } from './layers.ts';
import { useMap } from './map-context.ts';

/**
 * Binds GeoJSON data to a source and its layers: added once under their slot, data swapped in place when it
 * changes, removed on unmount. Features are keyed by their PSGC code (`promoteId`) so highlighting can use
 * feature-state. `data` must keep its identity while unchanged: each new object is uploaded to MapLibre again.
 */
export function useGeoJsonSource(
  { source, layers, beforeId, options }: SourceLayers,
  /**
   * Features may have no geometry (a region created without a boundary): MapLibre skips them. A URL (a Blob's)
   * is read by MapLibre's worker, off the page's main thread.
   */
  data: FeatureCollection<Geometry | null, GeoJsonProperties> | string | undefined,
) {
  const map = useMap();

  useEffect(() => {
    map.addSource(source, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      promoteId: 'code',
      ...options,
    });
    for (const layer of layers) map.addLayer(layer, beforeId);
    return () => {
      for (const layer of layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(source)) map.removeSource(source);
    };
  }, [map, source, layers, beforeId, options]);

  useEffect(() => {
    if (data)
      map.getSource<GeoJSONSource>(source)?.setData(typeof data === 'string' ? data : (data as FeatureCollection));
  }, [map, source, data]);
}
