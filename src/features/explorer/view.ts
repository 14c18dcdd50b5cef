import { useCallback, useEffect, useSyncExternalStore } from 'react';
import {
  DETAIL_LEVELS,
  type DetailLevel,
  type GeocodeCandidate,
  type MunicitySearchItem,
} from '../../contract/types.ts';
import { useZoomLevel, zoomChanged } from '../../state/ui-store.ts';

/** What the explorer shows; it lives in the URL so every view is a link. */
export interface ExplorerView {
  /** Region id as the API gives it (numeric 13, or a string id). */
  region?: string;
  /** API province id (7022 for Cebu). */
  province?: string;
  /** Town id (1380600 for Manila). */
  municity?: number;
  /** Barangay PSGC code. */
  barangay?: string;
  /** A fixed detail level; absent means it follows the zoom. */
  level?: DetailLevel;
  /** Region PSGC codes drawn together (batch view). */
  batch?: string[];
}

export function parseView(search: string): ExplorerView {
  const q = new URLSearchParams(search);
  const view: ExplorerView = {};
  const text = (name: string) => q.get(name)?.trim() || undefined;
  // A region's PSGC digits typed with their leading zero (07) name the same region as the API's id (7).
  view.region = text('region')?.replace(/^0+(?=\d)/, '');
  view.province = view.region ? text('province') : undefined;
  const municity = Number(text('municity'));
  if (view.province && Number.isInteger(municity) && municity > 0) view.municity = municity;
  view.barangay = view.municity ? text('barangay') : undefined;
  const level = text('level');
  if (level && (DETAIL_LEVELS as readonly string[]).includes(level)) view.level = level as DetailLevel;
  const batch = text('batch')
    ?.split(',')
    .filter((c) => /^\d{10}$/.test(c));
  if (batch?.length) view.batch = batch.slice(0, 100);
  return Object.fromEntries(Object.entries(view).filter(([, v]) => v !== undefined)) as ExplorerView;
}

export function serializeView(view: ExplorerView): string {
  const q = new URLSearchParams();
  if (view.region) q.set('region', view.region);
  if (view.region && view.province) q.set('province', view.province);
  if (view.province && view.municity) q.set('municity', String(view.municity));
  if (view.municity && view.barangay) q.set('barangay', view.barangay);
  if (view.level) q.set('level', view.level);
  if (view.batch?.length) q.set('batch', view.batch.join(','));
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** The view that shows a place found by the search, as if the user had clicked down to it. */
export function viewOf(c: GeocodeCandidate, level: DetailLevel | undefined): ExplorerView {
  const view: ExplorerView = { region: String(c.region_id), level };
  if (c.province_id) view.province = c.province_id;
  if (c.municity_id && view.province) view.municity = c.municity_id;
  if (c.level === 'Bgy' && view.municity) view.barangay = c.code;
  return view;
}

/** The view that shows a town found by name in any province. */
export function townViewOf(t: MunicitySearchItem, level: DetailLevel | undefined): ExplorerView {
  return { level, region: String(t.region_id), province: t.province_id, municity: Number(t.id) };
}

/** The detail a view is drawn at: the one it fixes, else the one the zoom follows. */
export function useDetailLevel(view: ExplorerView): DetailLevel {
  const zoomLevel = useZoomLevel();
  return view.level ?? zoomLevel;
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};
const getSearch = () => window.location.search;

/** The zoom the camera will fit a view to, where the map already knows it; undefined where it does not. */
type ZoomPrediction = (next: ExplorerView) => number | undefined;
let predictZoom: ZoomPrediction | null = null;

/**
 * Lets the map say, as a view is opened, the zoom its camera will fit it to (a town's outline is on the
 * province's map before its barangays are asked for): the detail level then follows that zoom from the first
 * request, rather than asking at the old zoom's detail and again once the camera has moved.
 */
export function useZoomPrediction(predict: ZoomPrediction) {
  useEffect(() => {
    predictZoom = predict;
    return () => {
      if (predictZoom === predict) predictZoom = null;
    };
  }, [predict]);
}

/** The view from the URL, and a navigate that pushes a history entry (back and forward then just work). */
export function useExplorerView() {
  const search = useSyncExternalStore(subscribe, getSearch);
  const view = parseView(search);
  const navigate = useCallback((next: ExplorerView, options: { replace?: boolean } = {}) => {
    const url = `${window.location.pathname}${serializeView(next)}${window.location.hash}`;
    if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    const zoom = next.level ? undefined : predictZoom?.(next);
    if (zoom !== undefined) zoomChanged(zoom);
    window.history[options.replace ? 'replaceState' : 'pushState'](null, '', url);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, []);
  return [view, navigate] as const;
}
