import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { isPsgcCode, regionCodeOf } from '../../contract/psgc.ts';
import {
  DETAIL_LEVELS,
  type DetailLevel,
  type GeocodeCandidate,
  type MunicitySearchItem,
} from '../../contract/types.ts';
import { idOfCode } from '../../contract/unit-ids.ts';
import { zoomAheadOf, zoomChanged } from '../../state/ui-store.ts';
import { SHADES, type Shade } from './choropleth.ts';
import { idIn, linkId } from './link-ids.ts';
import { type PlaceRef, parsePlace, placeText, samePlace } from './place-ref.ts';
import type { PlaceIds } from './steps/spec.ts';
import { PLACE_KEYS, STEP_ORDER } from './steps/steps.ts';

/**
 * What the explorer shows; it lives in the URL so every view is a link. The steps' places are named by the ids
 * the steps hold (`PlaceIds`, one key a kind of step), which the link writes by PSGC code (link-ids.ts).
 */
export interface ExplorerView extends Partial<PlaceIds> {
  /** Barangay PSGC code. */
  barangay?: string;
  /** A fixed detail level; absent means it follows the zoom. */
  level?: DetailLevel;
  /** Region PSGC codes drawn together (batch view). */
  batch?: string[];
  /**
   * The place last searched, marked on the map: [longitude, latitude]. It stays as the user goes back up, pans or
   * changes the detail; a place chosen from the lists or on the map leaves it behind (step.ts, `below`).
   */
  marker?: [number, number];
  /** What the step's units are coloured by (the choropleth); it stays as the user moves about. */
  shade?: Shade;
  /**
   * Two places compared (compare.ts), or the first while the second is being picked. It stays as the user moves
   * about, until the comparison is left.
   */
  compare?: PlaceRef[];
}

/** Opens a view: a new history entry, or in place of the current one. */
export type Navigate = (view: ExplorerView, options?: { replace?: boolean }) => void;

/** A longitude and latitude in the Philippines' part of the world, as `lng,lat`; undefined if not one. */
function lngLatOf(text: string | undefined): [number, number] | undefined {
  const [lng, lat, ...rest] = (text ?? '').split(',').map(Number);
  if (rest.length > 0 || !Number.isFinite(lng) || !Number.isFinite(lat)) return undefined;
  return Math.abs(lng) <= 180 && Math.abs(lat) <= 90 ? [lng, lat] : undefined;
}

/** A view from a link's query; `order` is the steps' table (the one of `STEPS` but in tests). */
export function parseView(search: string, order = STEP_ORDER): ExplorerView {
  const q = new URLSearchParams(search);
  const view: ExplorerView = {};
  const text = (name: string) => q.get(name)?.trim() || undefined;
  // A province named by its PSGC code names its region too, in the code's first two digits: a link that leaves the
  // region out opens the province under it (and is written again with it). A town's code is not read so: a city
  // independent of its province carries digits of its own where the province's would be.
  const province = text('province');
  if (!text('region') && province && idOfCode('province', province)) q.set('region', regionCodeOf(province));
  // Each step's place, from the top down, as long as the one above is named or implied by a place below it.
  for (const { viewKey: key, idOf, impliedBy } of order) {
    if (!key) continue;
    const found = idIn(key, text(key));
    const id = !found ? undefined : idOf ? idOf(found) : found;
    if (id !== undefined) Object.assign(view, { [key]: id });
    else if (!impliedBy) break;
  }
  view.barangay = view.municity ? text('barangay') : undefined;
  const level = text('level');
  if (level && (DETAIL_LEVELS as readonly string[]).includes(level)) view.level = level as DetailLevel;
  const batch = text('batch')?.split(',').filter(isPsgcCode);
  if (batch?.length) view.batch = batch.slice(0, 100);
  view.marker = lngLatOf(text('marker'));
  view.shade = shadeOf(text('shade'));
  view.compare = compareOf(text('compare'));
  return Object.fromEntries(Object.entries(view).filter(([, v]) => v !== undefined)) as ExplorerView;
}

const shadeOf = (text: string | undefined) =>
  (SHADES as readonly string[]).includes(text ?? '') ? (text as Shade) : undefined;

/** At most two places, the first two distinct ones the link names; undefined for none. */
function compareOf(text: string | undefined): PlaceRef[] | undefined {
  const places: PlaceRef[] = [];
  for (const place of text?.split(',').map(parsePlace) ?? []) {
    if (place && places.length < 2 && !places.some((p) => samePlace(p, place))) places.push(place);
  }
  return places.length ? places : undefined;
}

/**
 * A query string with its commas and slashes as typed: a shared link reads `marker=123.9,10.3` and
 * `compare=4/4010,4/4021`, not `%2C` and `%2F` (both are allowed in a query, RFC 3986 §3.4).
 */
export const queryText = (q: URLSearchParams) => q.toString().replace(/%2C/gi, ',').replace(/%2F/gi, '/');

/** A link's query for a view; `order` is the steps' table (the one of `STEPS` but in tests). */
export function serializeView(view: ExplorerView, order = STEP_ORDER): string {
  const q = new URLSearchParams();
  // Down to the first place not named, past those a place below them implies.
  for (const { viewKey: key, impliedBy } of order) {
    const id = key && view[key];
    if (key && id) q.set(key, linkId(key, id));
    else if (key && !impliedBy) break;
  }
  if (view.municity && view.barangay) q.set('barangay', view.barangay);
  if (view.level) q.set('level', view.level);
  if (view.batch?.length) q.set('batch', view.batch.join(','));
  if (view.marker) q.set('marker', view.marker.map((d) => d.toFixed(5)).join(','));
  if (view.shade) q.set('shade', view.shade);
  if (view.compare?.length) q.set('compare', view.compare.map(placeText).join(','));
  const text = queryText(q);
  return text ? `?${text}` : '';
}

/**
 * The link written in the current form: each step's place, the barangay and the places compared as `serializeView`
 * writes them (by PSGC code), every other parameter (the camera, the marker…) left as it is. A link of an older
 * form (by the API's ids) is shown, copied and shared in the current one once it has opened.
 */
export function linkInCurrentForm(search: string): string {
  const written = new URLSearchParams(serializeView(parseView(search)));
  const ours = [...PLACE_KEYS, 'barangay', 'compare'];
  // A place the link left out but names by one below it (a province's region) comes first, as the steps read down.
  const given = new URLSearchParams(search);
  const q = new URLSearchParams(
    ours.filter((key) => !given.has(key) && written.has(key)).map((key) => [key, written.get(key)!]),
  );
  for (const [key, value] of given) {
    if (!ours.includes(key)) q.append(key, value);
    else if (written.has(key) && !q.has(key)) q.set(key, written.get(key)!);
  }
  const text = queryText(q);
  return text ? `?${text}` : '';
}

/** The view that shows a place found by the search, as if the user had clicked down to it. */
export function viewOf(c: GeocodeCandidate, level: DetailLevel | undefined): ExplorerView {
  const view: ExplorerView = { region: String(c.region_id), level, marker: [c.lng, c.lat] };
  if (c.province_id) view.province = c.province_id;
  if (c.municity_id && view.province) view.municity = c.municity_id;
  // A split barangay is no longer one of the town's (its code is an older list's): the town, marked inside it.
  if (c.level === 'Bgy' && view.municity && !c.split) view.barangay = c.code;
  return view;
}

/** The view that shows a town found by name in any province. */
export function townViewOf(t: MunicitySearchItem, level: DetailLevel | undefined): ExplorerView {
  return { level, region: String(t.region_id), province: t.province_id, municity: Number(t.id) };
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};
const getSearch = () => window.location.search;

/** The camera a link holds, `at=lng,lat,zoom`: the URL's, kept apart from the view (src/features/explorer/camera-link.ts). */
export function cameraOf(search: string): { center: [number, number]; zoom: number } | undefined {
  const [lng, lat, zoom, ...rest] = (new URLSearchParams(search).get('at') ?? '').split(',').map(Number);
  const center = lngLatOf(`${lng},${lat}`);
  if (!center || rest.length > 0 || !Number.isFinite(zoom) || zoom < 0 || zoom > 24) return undefined;
  return { center, zoom };
}

/**
 * Writes the address bar and tells every reader of the link (`subscribe`), as the browser tells a step back or
 * forward: pushState and replaceState fire no event of their own.
 */
function writeLink(url: string, how: 'push' | 'replace', state: unknown = null) {
  window.history[how === 'replace' ? 'replaceState' : 'pushState'](state, '', url);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/**
 * The view from the URL, and a navigate that pushes a history entry (back and forward then just work). The
 * searched place's marker, the choropleth's shade and the places compared stay unless the next view says
 * otherwise; a replaced entry (a change of detail) keeps the camera the link holds, a new step drops it, as the
 * camera will fit the step.
 */
export function useExplorerView() {
  const search = useSyncExternalStore(subscribe, getSearch);
  const view = parseView(search);
  useEffect(() => {
    if (linkInCurrentForm(search) === search) return;
    // Written from the link as it is now, not at render: the camera may have written itself into it since.
    const { pathname, search: now, hash } = window.location;
    const current = linkInCurrentForm(now);
    if (current === now) return;
    writeLink(`${pathname}${current}${hash}`, 'replace', window.history.state);
  }, [search]);
  const navigate = useCallback((wanted: ExplorerView, options: { replace?: boolean } = {}) => {
    const current = new URLSearchParams(window.location.search);
    const marker = 'marker' in wanted ? wanted.marker : lngLatOf(current.get('marker') ?? undefined);
    const shade = 'shade' in wanted ? wanted.shade : shadeOf(current.get('shade') ?? undefined);
    const compare = 'compare' in wanted ? wanted.compare : compareOf(current.get('compare') ?? undefined);
    const next = { ...wanted, marker, shade, compare };
    const query = new URLSearchParams(serializeView(next));
    const at = current.get('at');
    if (options.replace && at) query.set('at', at);
    const text = queryText(query);
    const url = `${window.location.pathname}${text ? `?${text}` : ''}${window.location.hash}`;
    if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    const zoom = next.level ? undefined : zoomAheadOf(next);
    if (zoom !== undefined) zoomChanged(zoom);
    writeLink(url, options.replace ? 'replace' : 'push');
  }, []);
  return [view, navigate] as const;
}
