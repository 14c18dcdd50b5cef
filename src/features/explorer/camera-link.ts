import { type RefObject, useEffect } from 'react';
import { useMap } from '../../map/map-context.ts';
import { placeSearched, useSearched } from '../../state/ui-store.ts';
import { cameraOf, type ExplorerView, queryText } from './view.ts';

/** The camera a link holds, read when a step is opened: a shared view reopens where it was left. */
export const linkedCamera = () => cameraOf(window.location.search);

/**
 * Keeps the camera in the link (`at=lng,lat,zoom`) as the map stops moving, replacing the history entry:
 * moving the map is not a step to go back to. Nothing is written until the camera has been placed for the
 * current step (`placed` holds that step's key), so a resize before a linked camera is restored cannot
 * overwrite it.
 */
export function useCameraInLink(placed: RefObject<string | null>, key: string) {
  const map = useMap();
  useEffect(() => {
    const write = () => {
      if (placed.current !== key) return;
      const { lng, lat } = map.getCenter();
      const query = new URLSearchParams(window.location.search);
      query.set('at', `${lng.toFixed(5)},${lat.toFixed(5)},${map.getZoom().toFixed(2)}`);
      const url = `${window.location.pathname}?${queryText(query)}${window.location.hash}`;
      window.history.replaceState(window.history.state, '', url);
    };
    map.on('moveend', write);
    return () => {
      map.off('moveend', write);
    };
  }, [map, placed, key]);
}

/**
 * The searched place's marker, from the link: the search names it as it places it; a link opened afresh names
 * it after the place the view shows. Without one in the link there is no marker.
 */
export function useMarkerOf(view: ExplorerView, name: string | undefined) {
  const searched = useSearched();
  const [lng, lat] = view.marker ?? [];
  const label = name ?? 'Marked place';
  // The search's own name stands; one read from the link follows the view's name as it arrives.
  const placed = !!searched && lng !== undefined && lat !== undefined && near(searched, lng, lat);
  const current = placed && (!searched.fromLink || searched.name === label);
  useEffect(() => {
    if (lng === undefined || lat === undefined) placeSearched(null);
    else if (!current) placeSearched({ name: label, lng, lat, fromLink: true });
  }, [lng, lat, current, label]);
}

/** The same point, to the 5 decimals a link keeps (about a metre). */
const near = (p: { lng: number; lat: number }, lng: number, lat: number) =>
  Math.abs(p.lng - lng) < 1e-5 && Math.abs(p.lat - lat) < 1e-5;
