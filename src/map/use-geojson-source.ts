import type { FeatureCollection, GeoJsonProperties, Geometry } from 'geojson';
import type { GeoJSONSource } from 'maplibre-gl';
import { useEffect, useState } from 'react';
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
  /** Added at once, empty, for hooks that style its layers from the start (the regions, faded or hidden). */
  { always = false }: { always?: boolean } = {},
) {
  const map = useMap();
  // A source is added with its first features: an empty one would still cost MapLibre a worker round trip, its
  // tiles and a place in every frame's layer walk, on the way to the first screen.
  const hasData = typeof data === 'string' || (data?.features.length ?? 0) > 0;
  const [wanted, setWanted] = useState(always || hasData);
  if (hasData && !wanted) setWanted(true);

  useEffect(() => {
    if (!wanted) return;
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
  }, [map, wanted, source, layers, beforeId, options]);

  useEffect(() => {
    if (wanted && data)
      map.getSource<GeoJSONSource>(source)?.setData(typeof data === 'string' ? data : (data as FeatureCollection));
  }, [map, wanted, source, data]);
}
