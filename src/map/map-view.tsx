import { type ReactNode, useEffect, useRef, useState } from 'react';
import { config } from '../config/config.ts';
import { MapContext } from './map-context.ts';
import { createMap, type MapLibreMap } from './maplibre.ts';

declare global {
  interface Window {
    /** The live map, for browser tests that query rendered features through MapLibre's own API. */
    kapuluanMap?: MapLibreMap;
  }
}

/** A full-size map; its children render once the style has loaded and can add sources and layers. */
export function MapView({ children }: { children?: ReactNode }) {
  const container = useRef<HTMLElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);

  useEffect(() => {
    if (!container.current) return;
    const instance = createMap(container.current, config.basemapStyleUrl);
    const onLoad = () => setMap(instance);
    instance.on('load', onLoad);
    window.kapuluanMap = instance;
    return () => {
      instance.off('load', onLoad);
      if (window.kapuluanMap === instance) window.kapuluanMap = undefined;
      instance.remove();
      setMap(null);
    };
  }, []);

  return (
    <section className="map" ref={container} aria-label="Map of the Philippines">
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </section>
  );
}
