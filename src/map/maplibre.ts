/**
 * The one MapLibre bootstrap: worker URL, offline style, controls. MapLibre 6 ships ES modules only and, under
 * a bundler, needs its worker URL set before the first map is made (v5→v6 migration guide, "setWorkerUrl()").
 */
import 'maplibre-gl/dist/maplibre-gl.css';
import { AttributionControl, Map as MapLibreMap, NavigationControl, prewarm, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { PHILIPPINES_BOUNDS } from './bounds.ts';
import { withSlots } from './layers.ts';
import { offlineStyle } from './style.ts';

/**
 * MapLibre's workers, started from one download of their code. Given a same-origin URL, MapLibre makes each of
 * its workers (one per two cores, at most three) with `new Worker(url)`, and each worker's request for its code
 * is a download of its own whenever the HTTP cache may not reuse the last: from a host that sends no cache
 * headers (`vite preview`, many static hosts) the 145 KB (gzip) script came twice before the first regions were
 * drawn, once for the page's early hint and once for the worker. Here it is fetched once, as the page's HTML
 * preloads it (vite.config.ts: a `preload` of `as="fetch"` is taken by this very fetch, whatever the cache
 * headers), and every worker starts from that copy in memory (a blob: URL, same-origin, as MapLibre itself
 * does for a worker of another origin; a Content-Security-Policy must allow `worker-src blob:`). Where the fetch
 * fails, MapLibre is given the URL and reports its own error. Under `npm run dev` the worker is given its URL: the
 * dev server serves it as a module that imports `/@vite/client`, a path a blob: URL cannot resolve, and a preload
 * there saves nothing.
 */
const WORKER_CODE_WAIT_MS = 10_000;
const workerCode: Promise<string> = (import.meta.env.DEV ? Promise.reject() : fetch(workerUrl))
  .then((response) => {
    if (!response.ok) throw new Error(`${response.status}`);
    return response.blob();
  })
  .then((code) => URL.createObjectURL(new Blob([code], { type: 'text/javascript' })))
  .catch(() => workerUrl);
/**
 * The map's style waits for this, so a download that has not ended in 10 s no longer holds it back: MapLibre is
 * given the URL and its workers fetch the code themselves (a second download where the first is merely slow). A
 * fetch that never settled would otherwise leave the map without its style for good, with nothing thrown.
 */
const workerCodeOrUrl = new Promise<string>((resolve) => {
  const late = setTimeout(() => {
    console.warn(`MapLibre's worker code had not come in ${WORKER_CODE_WAIT_MS} ms: its workers fetch it themselves`);
    resolve(workerUrl);
  }, WORKER_CODE_WAIT_MS);
  workerCode.then((url) => {
    clearTimeout(late);
    resolve(url);
  });
});
const workersStarted: Promise<void> = workerCodeOrUrl.then((url) => {
  setWorkerUrl(url);
  // The workers start now, with the page's first modules, rather than once React has rendered the map: their
  // code is on the path to the first polygons drawn.
  prewarm();
});

/** Below this width the panels become a bottom sheet (app.css uses the same breakpoint). */
export const NARROW_WIDTH = 640;
/** The share of a narrow screen's height the bottom sheet covers (app.css --sheet-height). */
export const SHEET_SHARE = 0.46;

/** A panel over the map: its width on a wide screen, its share of the height as a phone's bottom sheet (app.css). */
export interface PanelSize {
  width: number;
  sheetShare: number;
}
export const EXPLORER_PANEL: PanelSize = { width: 320, sheetShare: SHEET_SHARE };
/** "Match a file": min(600px, 100vw - 8rem) wide, a 62vh sheet. */
export const WIDE_PANEL: PanelSize = { width: 600, sheetShare: 0.62 };

/** The least of the map a fitted selection keeps between the panels, in pixels of width. */
const MIN_FREE_WIDTH = 240;

/**
 * What the panels cover of the map, in pixels from the container's left, right and bottom edges: the side panel
 * (`panel`) on the left of a wide screen, or a phone's bottom sheet; and on a wide screen whatever stands over the
 * map's right side and says so with `data-map-cover="right"` (the admin area).
 */
export function coveredBy(container: HTMLElement, panel: PanelSize = EXPLORER_PANEL) {
  const width = container.clientWidth;
  if (width < NARROW_WIDTH) return { left: 0, right: 0, bottom: Math.round(container.clientHeight * panel.sheetShare) };
  const left = Math.min(panel.width, width - 128);
  const edge = container.getBoundingClientRect().right;
  let right = 0;
  for (const cover of document.querySelectorAll('[data-map-cover="right"]')) {
    const box = cover.getBoundingClientRect();
    if (box.width > 0) right = Math.max(right, edge - box.left);
  }
  return { left, right: Math.max(0, Math.min(right, width - left - MIN_FREE_WIDTH)), bottom: 0 };
}

/** Room to leave around a fitted selection so the panels do not cover it. */
export function fitPadding(container: HTMLElement, panel: PanelSize = EXPLORER_PANEL) {
  const covered = coveredBy(container, panel);
  if (container.clientWidth >= NARROW_WIDTH) {
    return { top: 40, bottom: 40, left: covered.left + 40, right: covered.right + 40 };
  }
  return { top: 56, bottom: covered.bottom + 16, left: 16, right: 16 };
}

/** `styleUrl`: an opt-in remote basemap (VITE_BASEMAP_STYLE_URL); by default the offline style. */
export function createMap(container: HTMLElement, styleUrl: string | null = null): MapLibreMap {
  const map = new MapLibreMap({
    container,
    transformStyle: withSlots,
    bounds: PHILIPPINES_BOUNDS,
    fitBoundsOptions: { padding: 16 },
    attributionControl: false,
    dragRotate: false,
    pitchWithRotate: false,
    maxPitch: 0,
  });
  // The style, whose sources are what the workers load, once their code is here (above): the map's canvas and
  // WebGL context are made meanwhile. Its 'load' comes after, as it would with the style given at once.
  let removed = false;
  map.once('remove', () => {
    removed = true;
  });
  workersStarted.then(() => {
    if (!removed) map.setStyle(styleUrl ?? offlineStyle);
  });
  map.touchZoomRotate.disableRotation();
  // The canvas takes keyboard focus (arrows pan, +/- zoom): name it and point at the instructions.
  map.getCanvas().setAttribute('aria-label', 'Map, movable with the keyboard');
  map.getCanvas().setAttribute('aria-describedby', 'map-help');
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  map.addControl(new AttributionControl({ compact: false }), 'bottom-right');
  return map;
}

export type { MapLibreMap };
