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
  const map = useRef<MapLibreMap | null>(null);
  // Only whether the style has loaded is state: the instance itself is kept in a ref and handed down by context.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const instance = createMap(container.current, config.basemapStyleUrl);
    map.current = instance;
    const onLoad = () => setLoaded(true);
    instance.on('load', onLoad);
    window.kapuluanMap = instance;
    return () => {
      instance.off('load', onLoad);
      if (window.kapuluanMap === instance) window.kapuluanMap = undefined;
      instance.remove();
      map.current = null;
      setLoaded(false);
    };
  }, []);

  return (
    <section className="map" ref={container} aria-label="Map of the Philippines" aria-describedby="map-help">
      <p id="map-help" className="visually-hidden">
        The map shows the places chosen in the Explorer panel, whose lists do everything a click on the map does. With
        the map focused, the arrow keys pan it, plus and minus zoom in and out.
      </p>
      {loaded && map.current && <MapContext.Provider value={map.current}>{children}</MapContext.Provider>}
    </section>
  );
}
