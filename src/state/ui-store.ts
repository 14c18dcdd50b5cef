import { useEffect } from 'react';
import { create } from 'zustand';
import type { DetailLevel } from '../contract/types.ts';

export type MapClicks = 'explore' | 'pick';

/** UI state only, never server data (that is React Query's). Read through the selector hooks below. */
type Hover = { name: string; x: number; y: number } | null;

/** A legend as the panel shows it: its title, and each class's colour and words. */
export interface LegendShown {
  title: string;
  entries: { colour: string; text: string }[];
}

interface UiState {
  /** The legend the panel shows now (the step's colours, or a user's figures'), which a picture of the map prints. */
  legendShown: LegendShown | null;
  hovered: Hover;
  /**
   * Where the map was last clicked or tapped, until the pointer leaves that spot: the click's own answer ("what is
   * here") speaks for the place there, and the hover's name would be a second box over it (a tap on a phone is a
   * hover too).
   */
  clickedAt: { x: number; y: number } | null;
  /**
   * The hover of a layer drawn under the step's own units (a user's figures per barangay under a province's
   * towns): more particular than the step's, so the tooltip says it instead while it is set.
   */
  hoveredBelow: Hover;
  settingsOpen: boolean;
  /** The detail level the zoom calls for, when the URL fixes none. */
  zoomLevel: DetailLevel;
  /** The town step whose barangays the map has drawn (`town/level`), once it has gone idle after them. */
  townDrawn: string | null;
  /** What the map knows ahead of the zoom its camera will fit a view to (the explorer's camera sets it). */
  zoomAhead: ZoomAhead | null;
  /**
   * What a click on the map does: `explore` goes a step down and says what is there; `pick` chooses a place for
   * a new region, and only the layer made for that answers it.
   */
  mapClicks: MapClicks;
}

/**
 * The zoom the camera will fit the view opened next to, where the map knows it already (a town whose outline is
 * drawn with its province's towns); undefined where it does not. Asked as a view is opened: the detail level
 * then follows that zoom from the first request, rather than asking at the old zoom's detail and again once the
 * camera has moved.
 */
export type ZoomAhead = (next: { municity?: number }) => number | undefined;

const levelOfZoom = (zoom: number): DetailLevel => (zoom < 6.5 ? 'simple' : zoom < 9.5 ? 'medium' : 'detailed');

/**
 * The detail a page opened from a link will be drawn at, where the link says: its camera (`at=…,zoom`), or a town
 * it opens (`municity=`), which the camera will fit, close enough for `detailed` in all but the largest towns
 * (whose fit then asks again at `medium`). A shared link's first requests are then at that detail, not at the
 * country's `simple` and again once the camera has moved there.
 */
function linkedZoomLevel(): DetailLevel | undefined {
  if (typeof window === 'undefined') return undefined;
  const query = new URLSearchParams(window.location.search);
  const zoom = Number((query.get('at') ?? '').split(',')[2]);
  if (query.has('at') && Number.isFinite(zoom)) return levelOfZoom(zoom);
  return query.has('municity') ? 'detailed' : undefined;
}
const linkedLevel = linkedZoomLevel();

const useUiStore = create<UiState>(() => ({
  legendShown: null,
  hovered: null,
  clickedAt: null,
  hoveredBelow: null,
  settingsOpen: false,
  zoomLevel: linkedLevel ?? 'simple',
  townDrawn: null,
  zoomAhead: null,
  mapClicks: 'explore',
}));

export const useHovered = () => useUiStore((s) => s.hoveredBelow ?? s.hovered);
export const useSettingsOpen = () => useUiStore((s) => s.settingsOpen);
export const useZoomLevel = () => useUiStore((s) => s.zoomLevel);
export const useTownDrawn = () => useUiStore((s) => s.townDrawn);

/** How far the pointer moves from a click before the hover names what is under it again, in CSS pixels. */
const CLICK_SPOT = 8;
const nearClick = (hover: NonNullable<Hover>, clickedAt: UiState['clickedAt']) =>
  clickedAt !== null && Math.hypot(hover.x - clickedAt.x, hover.y - clickedAt.y) < CLICK_SPOT;
export const featureHovered = (hovered: Hover) =>
  useUiStore.setState(({ clickedAt }) => {
    if (!hovered) return { hovered };
    if (nearClick(hovered, clickedAt)) return {};
    return { hovered, clickedAt: null };
  });
export const featureBelowHovered = (hoveredBelow: Hover) =>
  useUiStore.setState(({ clickedAt }) => (hoveredBelow && nearClick(hoveredBelow, clickedAt) ? {} : { hoveredBelow }));
export const mapClicked = (x: number, y: number) =>
  useUiStore.setState({ hovered: null, hoveredBelow: null, clickedAt: { x, y } });
export const useLegendShown = () => useUiStore((s) => s.legendShown);
/** Said by the legend shown (null when it goes), so that what the picture prints is what the panel shows. */
export const legendShown = (legend: LegendShown | null) => useUiStore.setState({ legendShown: legend });
export const settingsOpened = () => useUiStore.setState({ settingsOpen: true });
export const settingsClosed = () => useUiStore.setState({ settingsOpen: false });
export const zoomChanged = (zoom: number) => useUiStore.setState({ zoomLevel: levelOfZoom(zoom) });
let linkedLevelUnread = linkedLevel !== undefined;
/**
 * Whether the page's first detail came from its link (linkedZoomLevel), asked once, by the first to track the zoom:
 * the map's first zoom is not the view's then.
 */
export const levelFromLink = () => {
  const fromLink = linkedLevelUnread;
  linkedLevelUnread = false;
  return fromLink;
};
export const townDrawn = (townDrawn: string) => useUiStore.setState({ townDrawn });

/** The zoom the camera will fit `next` to, where the map knows it ahead (ZoomAhead); undefined elsewhere. */
export const zoomAheadOf = (next: { municity?: number }) => useUiStore.getState().zoomAhead?.(next);

/** Says ahead the zoom views will be fitted to while `zoomAhead` stays (the explorer's camera, while mounted). */
export function useZoomAhead(zoomAhead: ZoomAhead) {
  useEffect(() => {
    useUiStore.setState({ zoomAhead });
    return () => {
      if (useUiStore.getState().zoomAhead === zoomAhead) useUiStore.setState({ zoomAhead: null });
    };
  }, [zoomAhead]);
}
export const useMapClicks = () => useUiStore((s) => s.mapClicks);
export const mapClicksChanged = (mapClicks: MapClicks) => useUiStore.setState({ mapClicks });
/** Read at a click, not rendered: what the map's clicks do now. */
export const mapClicksNow = () => useUiStore.getState().mapClicks;
