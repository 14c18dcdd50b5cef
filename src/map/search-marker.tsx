import { Marker } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { useMap } from './map-context.ts';

/**
 * A marker on the place last chosen in the search, named for assistive technology. One MapLibre marker for the
 * component's life, made once, not kept in state set by an effect (which rendered twice and wrote its name twice):
 * a new `at` moves it, a name that arrives later relabels it, and unmounting takes it off the map.
 */
export function SearchMarker({ at, name }: { at: [number, number]; name: string }) {
  const map = useMap();
  const [marker] = useState(() => {
    const made = new Marker({ color: '#c2185b' }).setLngLat(at);
    made.getElement().setAttribute('role', 'img');
    return made;
  });
  const [lng, lat] = at;
  useEffect(() => {
    marker.setLngLat([lng, lat]);
  }, [marker, lng, lat]);
  useEffect(() => {
    marker.addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, marker]);
  useEffect(() => {
    marker.getElement().setAttribute('aria-label', `Searched place: ${name}`);
  }, [marker, name]);
  return null;
}
