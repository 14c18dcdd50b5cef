import { useQuery } from '@tanstack/react-query';
import { type MapMouseEvent, Popup } from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { geocodeQueries, type PlaceAt } from '../../api/geocode.ts';
import { useMap } from '../../map/map-context.ts';

function lines(place: PlaceAt | null | undefined): [string, string][] {
  if (!place) return [];
  const out: [string, string][] = [];
  if (place.barangay) out.push(['Barangay', place.barangay.name]);
  if (place.municity) out.push([place.municity.level === 'City' ? 'City' : 'Municipality', place.municity.name]);
  if (place.province) out.push(['Province', place.province.name]);
  if (place.region) out.push(['Region', place.region.name]);
  return out;
}

/** A click anywhere on the map says what is there: barangay, town, province, region. */
export function WhatIsHere() {
  const map = useMap();
  const [point, setPoint] = useState<[number, number] | null>(null);
  const query = useQuery(geocodeQueries.at(point));

  useEffect(() => {
    const onClick = (event: MapMouseEvent) => {
      // Rounded to about 1 m: the same spot clicked twice is one cached question.
      setPoint([Math.round(event.lngLat.lng * 1e5) / 1e5, Math.round(event.lngLat.lat * 1e5) / 1e5]);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);

  useEffect(() => {
    if (!point) return;
    // Built with textContent: names are shown as text, never as HTML.
    const content = document.createElement('div');
    content.className = 'what-is-here';
    content.setAttribute('role', 'status');
    content.setAttribute('aria-label', 'What is here');
    const add = (tag: string, text: string) => {
      const el = document.createElement(tag);
      el.textContent = text;
      content.append(el);
      return el;
    };
    if (query.isPending) add('p', 'Looking up this place…');
    else if (query.isError) add('p', `Could not tell what is here: ${query.error.message}`);
    else if (!query.data?.data) add('p', 'No barangay here (sea or outside the Philippines).');
    else {
      const list = add('dl', '');
      for (const [term, name] of lines(query.data.data)) {
        const dt = document.createElement('dt');
        dt.textContent = term;
        const dd = document.createElement('dd');
        dd.textContent = name;
        list.append(dt, dd);
      }
    }
    const popup = new Popup({ closeOnClick: false, maxWidth: '280px' })
      .setLngLat(point)
      .setDOMContent(content)
      .addTo(map);
    return () => {
      popup.remove();
    };
  }, [map, point, query.isPending, query.isError, query.data, query.error]);
  return null;
}
