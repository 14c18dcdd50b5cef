import type { FeatureCollection, GeoJsonProperties, Geometry } from 'geojson';
import type { GeoJSONSource, LayerSpecification } from 'maplibre-gl';
import { useEffect } from 'react';
import { useMap } from './map-context.ts';

/**
 * Binds GeoJSON data to a source and its layers: added once, data swapped in place when it changes, removed
 * on unmount. Features are keyed by their PSGC code (`promoteId`) so highlighting can use feature-state.
 */
export function useGeoJsonSource(
  id: string,
  /** Features may have no geometry (a region created without a boundary): MapLibre skips them. */
  data: FeatureCollection<Geometry | null, GeoJsonProperties> | undefined,
  layers: LayerSpecification[],
) {
  const map = useMap();

  useEffect(() => {
    map.addSource(id, {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      promoteId: 'code',
    });
    for (const layer of layers) map.addLayer(layer);
    return () => {
      for (const layer of layers) if (map.getLayer(layer.id)) map.removeLayer(layer.id);
      if (map.getSource(id)) map.removeSource(id);
    };
  }, [map, id, layers]);

  useEffect(() => {
    if (data) map.getSource<GeoJSONSource>(id)?.setData(data as FeatureCollection);
  }, [map, id, data]);
}
