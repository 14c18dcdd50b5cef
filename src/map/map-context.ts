import { createContext, useContext } from 'react';
import type { MapLibreMap } from './maplibre.ts';

/**
 * The map instance, handed down by <MapView>. MapView holds it in state, set once when the style has loaded (so
 * its children mount only then) and cleared on unmount; everything below reads it from this context, and no
 * other component keeps it, in state or elsewhere.
 */
export const MapContext = createContext<MapLibreMap | null>(null);

export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap() needs a <MapView> parent whose map has loaded');
  return map;
}
