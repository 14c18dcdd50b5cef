import { Marker } from 'maplibre-gl';
import { useEffect } from 'react';
import { useSearched } from '../state/ui-store.ts';
import { useMap } from './map-context.ts';

/** A marker on the place last chosen in the search. */
export function SearchMarker() {
  const map = useMap();
  const place = useSearched();
  useEffect(() => {
    if (!place) return;
    const marker = new Marker({ color: '#c2185b' }).setLngLat([place.lng, place.lat]).addTo(map);
    marker.getElement().setAttribute('aria-label', `Searched place: ${place.name}`);
    marker.getElement().setAttribute('role', 'img');
    return () => {
      marker.remove();
    };
  }, [map, place]);
  return null;
}
