import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useConfig } from '../config/config-context.ts';
import type { FirstMap } from './first-map.ts';
import { MapContext } from './map-context.ts';
import { createMap, type MapLibreMap } from './maplibre.ts';

/**
 * A full-size map; its children render once the style has loaded and can add sources and layers. `first` is the map
 * the page's entry started before the app rendered (first-map.ts): taken and moved into this section rather than
 * made here. `onMap` hears of the map when it is made and when it goes (null): the browser tests' entry hands it to
 * the tests (src/e2e-main.tsx).
 */
export function MapView({
  children,
  first,
  onMap,
}: {
  children?: ReactNode;
  first?: FirstMap;
  onMap?: (map: MapLibreMap | null) => void;
}) {
  const { basemapStyleUrl } = useConfig();
  // Read when the map is made: the map is made once, whatever the props do after.
  const made = useRef({ basemapStyleUrl, first, onMap });
  const container = useRef<HTMLElement>(null);
  const map = useRef<MapLibreMap | null>(null);
  // Only whether the style has loaded is state: the instance itself is kept in a ref and handed down by context.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const section = container.current;
    if (!section) return;
    const { basemapStyleUrl, first, onMap } = made.current;
    const given = first?.take();
    if (given) section.append(given.container);
    const instance = given?.map ?? createMap(section, basemapStyleUrl);
    const styleLoaded = given?.loaded ?? instance.once('load');
    map.current = instance;
    let gone = false;
    styleLoaded.then(() => {
      if (!gone) setLoaded(true);
    });
    onMap?.(instance);
    return () => {
      gone = true;
      onMap?.(null);
      instance.remove();
      if (given) given.container.remove();
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
