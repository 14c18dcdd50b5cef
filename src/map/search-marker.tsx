import { Marker } from 'maplibre-gl';
import { useEffect, useEffectEvent, useState } from 'react';
import { useMap } from './map-context.ts';

/**
 * A marker on the place last chosen in the search, named for assistive technology. It moves with `at` only; a
 * name that arrives later is written onto the same marker.
 */
export function SearchMarker({ at, name }: { at: [number, number] | undefined; name: string }) {
  const map = useMap();
  const [marker, setMarker] = useState<Marker | null>(null);
  const [lng, lat] = at ?? [];
  const label = `Searched place: ${name}`;
  const labelNow = useEffectEvent(() => label);
  useEffect(() => {
    if (lng === undefined || lat === undefined) return;
    const placed = new Marker({ color: '#c2185b' }).setLngLat([lng, lat]).addTo(map);
    placed.getElement().setAttribute('role', 'img');
    placed.getElement().setAttribute('aria-label', labelNow());
    setMarker(placed);
    return () => {
      placed.remove();
      setMarker(null);
    };
  }, [map, lng, lat]);
  useEffect(() => {
    marker?.getElement().setAttribute('aria-label', label);
  }, [marker, label]);
  return null;
}
