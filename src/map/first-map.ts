import type { MapLibreMap } from './maplibre.ts';

/** A map and its container, made by the page's entry or by <MapView>; `loaded` resolves with its style's 'load'. */
export interface MadeMap {
  map: MapLibreMap;
  /** The element MapLibre draws into: <MapView>'s own section, or the page's first map's, which it moves in. */
  container: HTMLElement;
  loaded: Promise<unknown>;
}

/** The map the page's entry starts before the app is rendered (startFirstMap), taken once by <MapView>. */
export interface FirstMap {
  /**
   * The map if it is made (and not taken before), or undefined: <MapView> then makes its own. Throws the error
   * MapLibre threw when making it (no WebGL 2), so that <MapView>'s error boundary shows it.
   */
  take(): MadeMap | undefined;
}

/**
 * Starts the map from the page's entry (src/service-start.ts), without waiting for React and the app's code: MapLibre
 * is a chunk of its own, made as soon as it is here, into a full-size container of its own (as <MapView>'s section
 * is), and its style loads and its workers start while the app's chunk is still being compiled and rendered. Made
 * inside <MapView>'s effect, the map started only once all of React and the app had been evaluated and the whole
 * first render committed. This module imports MapLibre only dynamically, so the entry stays small.
 */
export function startFirstMap(styleUrl: string | null): FirstMap {
  let made: MadeMap | undefined;
  let failed: { error: unknown } | undefined;
  let taken = false;
  import('./maplibre.ts').then(
    ({ createMap }) => {
      if (taken) return; // <MapView> came first and made its own
      const container = document.createElement('div');
      container.className = 'map-canvas';
      // The size <MapView>'s section has (app.css .map), before the app's styles are here.
      container.style.cssText = 'position: absolute; inset: 0;';
      document.body.append(container);
      try {
        const map = createMap(container, styleUrl);
        made = { map, container, loaded: map.once('load') };
      } catch (error) {
        container.remove();
        failed = { error };
      }
    },
    () => {}, // <MapView> imports MapLibre itself, and says why it could not
  );
  return {
    take() {
      if (taken) return undefined;
      taken = true;
      if (failed) throw failed.error;
      return made;
    },
  };
}
