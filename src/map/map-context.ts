import { createContext, useContext } from 'react';
import type { MapLibreMap } from './maplibre.ts';

/**
 * The map instance, handed down by <MapView>, which keeps it in a ref (never in React state) and renders this
 * provider once the style has loaded; everything below reads it from here.
 */
export const MapContext = createContext<MapLibreMap | null>(null);

export function useMap(): MapLibreMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMap() needs a <MapView> parent whose map has loaded');
  return map;
}
