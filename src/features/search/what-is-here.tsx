import { useQuery } from '@tanstack/react-query';
import type { MapMouseEvent } from 'maplibre-gl';
import { Fragment, useEffect, useState } from 'react';
import { geocodeQueries, type PlaceAt } from '../../api/geocode.ts';
import { dataOf } from '../../api/select.ts';
import { useMap } from '../../map/map-context.ts';
import { MapPopup } from '../../map/map-popup.tsx';
import { mapClicksNow } from '../../state/ui-store.ts';
import './search.css';

const POPUP = { closeOnClick: false, maxWidth: '280px' };

/** The units at a point, from the barangay up, as term and name. */
function lines(place: PlaceAt): [string, string][] {
  const out: [string, string][] = [];
  if (place.barangay) out.push(['Barangay', place.barangay.name]);
  const town = place.municity;
  if (town) out.push([town.level === 'City' ? 'City' : 'Municipality', town.name]);
  // Davao City lies in Davao del Sur but is not part of it: say so, or a reader would take it for one of its towns.
  // Metro Manila has no PSGC code: it is no province but the NCR's cities grouped, and its cities are part of it.
  if (town?.independent) out.push(['Status', cityStatus(town.city_class)]);
  if (place.province) {
    const term = !town?.independent ? 'Province' : place.province.code ? 'Lies in (not part of)' : 'Part of';
    out.push([term, place.province.name]);
  }
  if (place.region) out.push(['Region', place.region.name]);
  return out;
}

/** What an independent city is, by its class. */
export function cityStatus(cityClass: string | null | undefined): string {
  if (cityClass === 'HUC') return 'Highly urbanized city, independent of any province';
  if (cityClass === 'ICC') return 'Independent component city, independent of any province';
  return 'Independent of any province';
}

/** Land no barangay covers, as the map draws it there: what it is, and the towns around it. */
interface Land {
  name: string;
  around: string;
}

/**
 * A click anywhere on the map says what is there: barangay, town, province, region, or land no barangay covers
 * (`landLayer`: the layer that draws it, which the explorer adds; the app passes its id).
 */
export function WhatIsHere({ landLayer }: { landLayer: string }) {
  const map = useMap();
  const [clicked, setClicked] = useState<{ point: [number, number]; land: Land | null } | null>(null);
  const point = clicked?.point;

  useEffect(() => {
    const onClick = (event: MapMouseEvent) => {
      // A click that picks a place for a new region (admin) asks nothing.
      if (mapClicksNow() !== 'explore') return;
      // The land the map draws there, if any: the service knows of no barangay at such a spot, the map does.
      const [land] = map.getLayer(landLayer) ? map.queryRenderedFeatures(event.point, { layers: [landLayer] }) : [];
      setClicked({
        // Rounded to about 1 m: the same spot clicked twice is one cached question.
        point: [Math.round(event.lngLat.lng * 1e5) / 1e5, Math.round(event.lngLat.lat * 1e5) / 1e5],
        land: land ? { name: String(land.properties.name), around: String(land.properties.around ?? '') } : null,
      });
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map, landLayer]);

  if (!clicked || !point) return null;
  return (
    <MapPopup lngLat={point} options={POPUP} onClose={() => setClicked(null)}>
      <div className="what-is-here" role="status" aria-label="What is here">
        <Answer point={point} land={clicked.land} />
      </div>
    </MapPopup>
  );
}

function Answer({ point, land }: { point: [number, number]; land: Land | null }) {
  const query = useQuery({ ...geocodeQueries.at(point), select: dataOf });
  if (query.isPending) return <p>Looking up this place…</p>;
  if (query.isError) return <p>Could not tell what is here: {query.error.message}</p>;
  if (!query.data && land) {
    return (
      <dl>
        <dt>Land</dt>
        <dd>{land.name}</dd>
        {land.around && (
          <>
            <dt>Between</dt>
            <dd>{land.around}</dd>
          </>
        )}
      </dl>
    );
  }
  if (!query.data) return <p>No barangay here (sea or outside the Philippines).</p>;
  return (
    <dl>
      {lines(query.data).map(([term, name]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{name}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
