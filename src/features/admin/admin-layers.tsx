import { useQuery } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useEffect, useMemo } from 'react';
import { regionQueries } from '../../api/regions.ts';
import { useFitTo, useLayerInteractions } from '../../map/interactions.ts';
import { useMap } from '../../map/map-context.ts';
import { useGeoJsonSource } from '../../map/use-geojson-source.ts';
import { useMapClicks } from '../../state/ui-store.ts';
import { pickFill, pickLayers, previewLayers, SOURCE } from './layers.ts';
import type { Pickable } from './members.ts';
import { memberToggled, usePicked, usePreviewing } from './pick-store.ts';
import { previewCollection } from './preview.ts';
import { usePickables } from './use-pickables.ts';

/**
 * The admin forms' layers, inside the map: while the map's clicks pick, the places a new region can
 * be made of; once asked, its preview. Both read the queries the form reads.
 */
export function AdminLayers() {
  const picking = useMapClicks() === 'pick';
  const pickables = usePickables();
  const previewing = usePreviewing();
  const preview = useQuery({ ...regionQueries.preview(previewing, 'simple'), select: previewCollection });
  return (
    <>
      {picking && pickables && <PickLayer collection={pickables.collection} places={pickables.places} />}
      {previewing && preview.data && <PreviewLayer previewKey={JSON.stringify(previewing)} collection={preview.data} />}
    </>
  );
}

/** The places, the chosen ones highlighted (feature-state); a click adds or removes one. */
function PickLayer({
  collection,
  places,
}: {
  collection: FeatureCollection<Polygon | MultiPolygon, { code: string }>;
  places: Pickable[];
}) {
  const map = useMap();
  const picked = usePicked();
  useGeoJsonSource(pickLayers, collection);
  useLayerInteractions(
    pickFill,
    (code) => {
      const place = places.find((p) => p.areas.includes(code));
      if (place) memberToggled(place.id);
    },
    undefined,
    'pick',
  );
  const selected = useMemo(
    () => new Set(places.filter((p) => picked.includes(p.id)).flatMap((p) => p.areas)),
    [places, picked],
  );
  useEffect(() => {
    const apply = () => {
      if (!map.getSource(SOURCE.pick)) return;
      for (const f of collection.features) {
        map.setFeatureState(
          { source: SOURCE.pick, id: f.properties.code },
          { selected: selected.has(f.properties.code) },
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
