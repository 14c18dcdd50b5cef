import { type RefObject, useEffect } from 'react';
import { useMap } from '../../map/map-context.ts';
import { cameraOf, queryText } from './view.ts';

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
