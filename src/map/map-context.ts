import { createContext, useContext } from 'react';
import type { MapLibreMap } from './maplibre.ts';

/** The map instance lives in context, never in React state (HOUSE_STYLE rule 6). */
export const MapContext = createContext<MapLibreMap | null>(null);

export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap() needs a <MapView> parent whose map has loaded');
  return map;
}
