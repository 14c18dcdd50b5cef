/**
 * When a page's first regions are drawn, as bench:ui (scripts/bench-ui.ts) and the first screen's browser test
 * (e2e/country.spec.ts) both count it: the first moment MapLibre's own API says so (the map loaded and at least
 * `min` features of `layer` rendered; with no layer, the map loaded: the bare map of bench:ui), read on the page's own clock by a listener on the map's frames. A poll
 * from the test's side would see it a round trip late, after what the page asks for once they are drawn (the
 * land no barangay covers, the split barangays) had arrived and been counted as before.
 *
 * The map is the one the page hands its tests on `window.kapuluanMap` (src/e2e-main.tsx; the floor page sets it
 * too). The script is given as text to `page.addInitScript`: a function compiled by tsx would call a helper the
 * page does not have.
 */

/** Where the page keeps the moment, as its `performance.now()`, once it has come. */
export const FIRST_SCREEN_AT = 'kapuluanFirstScreenAt';

export function watchFirstScreen(layer: string | null, min: number): string {
  return `(() => {
    let map;
    const layer = ${JSON.stringify(layer)};
    const check = () => {
      if (window.${FIRST_SCREEN_AT} !== undefined || !map || !map.loaded()) return;
      if (layer && (!map.getLayer(layer) || map.queryRenderedFeatures({ layers: [layer] }).length < ${min})) return;
      window.${FIRST_SCREEN_AT} = performance.now();
    };
    Object.defineProperty(window, 'kapuluanMap', {
      configurable: true,
      get: () => map,
      set: (value) => {
        map = value;
        map?.on('render', check);
        map?.on('idle', check);
      },
    });
  })()`;
}
