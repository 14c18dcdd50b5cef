import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useEffect } from 'react';
import { useFitTo, useLayerInteractions } from '../../map/interactions.ts';
import { pickFill, pickLayers, previewLayers, SOURCE } from '../../map/layers.ts';
import { useMap } from '../../map/map-context.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { useAdminMap } from './map-store.ts';

/** The admin forms' layers, inside the map: the places to pick a new region's members from, and its preview. */
export function AdminLayers() {
  const { pickable, selected, onPick, preview } = useAdminMap();
  return (
    <>
      {pickable && <PickLayer collection={pickable} selected={selected} onPick={onPick} />}
      {preview && <PreviewLayer previewKey={preview.key} collection={preview.collection} />}
    </>
  );
}

/** The places, the chosen ones highlighted; a click adds or removes one. */
function PickLayer({
  collection,
  selected,
  onPick,
}: {
  collection: FeatureCollection<Polygon | MultiPolygon, { code: string }>;
  selected: string[];
  onPick: ((code: string) => void) | null;
}) {
  const map = useMap();
  useGeoJsonSource(pickLayers, collection);
  useLayerInteractions(pickFill, (code) => onPick?.(code));
  useEffect(() => {
    const chosen = new Set(selected);
    const apply = () => {
      if (!map.getSource(SOURCE.pick)) return;
      for (const f of collection.features) {
        map.setFeatureState(
          { source: SOURCE.pick, id: f.properties.code },
          { selected: chosen.has(f.properties.code) },
        );
      }
    };
    apply();
    // The source is added with its data: the states are set again once it is there.
    map.on('sourcedata', apply);
    return () => {
      map.off('sourcedata', apply);
    };
  }, [map, collection, selected]);
  return null;
}

/** The new region and the regions it takes from, as they would be; brought into view once. */
function PreviewLayer({
  previewKey,
  collection,
}: {
  previewKey: string;
  collection: FeatureCollection<MultiPolygon | null>;
}) {
  useGeoJsonSource(previewLayers, collection);
  useFitTo(collection, previewKey);
  return null;
}
