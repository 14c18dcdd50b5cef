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
    <section className="map" ref={container} aria-label="Map of the Philippines" aria-describedby="map-help">
      <p id="map-help" className="visually-hidden">
        The map shows the places chosen in the Explorer panel, whose lists do everything a click on the map does. With
        the map focused, the arrow keys pan it, plus and minus zoom in and out.
      </p>
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </section>
  );
}
