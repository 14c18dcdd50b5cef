import { create } from 'zustand';
import type { DetailLevel } from '../contract/types.ts';

/** UI state only, never server data (that is React Query's). Read through the selector hooks below. */
interface UiState {
  hovered: { name: string; x: number; y: number } | null;
  settingsOpen: boolean;
  /** The detail level the zoom calls for, when the URL fixes none. */
  zoomLevel: DetailLevel;
  /** The place last chosen in the search, marked on the map; `fromLink` when read from a link, not the search. */
  searched: { name: string; lng: number; lat: number; fromLink?: boolean } | null;
  /** The town step whose barangays the map has drawn (`town/level`), once it has gone idle after them. */
  townDrawn: string | null;
  /**
   * An admin is choosing a new region's members on the map (issue 18): a click picks a place, and neither goes a
   * step down nor asks what is there.
   */
  picking: boolean;
}

const useUiStore = create<UiState>(() => ({
  hovered: null,
  settingsOpen: false,
  zoomLevel: 'simple',
  searched: null,
  townDrawn: null,
  picking: false,
}));

export const useHovered = () => useUiStore((s) => s.hovered);
export const useSettingsOpen = () => useUiStore((s) => s.settingsOpen);
export const useZoomLevel = () => useUiStore((s) => s.zoomLevel);
export const useSearched = () => useUiStore((s) => s.searched);
export const useTownDrawn = () => useUiStore((s) => s.townDrawn);

export const featureHovered = (hovered: UiState['hovered']) => useUiStore.setState({ hovered });
export const settingsOpened = () => useUiStore.setState({ settingsOpen: true });
export const settingsClosed = () => useUiStore.setState({ settingsOpen: false });
export const zoomChanged = (zoom: number) =>
  useUiStore.setState({ zoomLevel: zoom < 6.5 ? 'simple' : zoom < 9.5 ? 'medium' : 'detailed' });
export const placeSearched = (searched: UiState['searched']) => useUiStore.setState({ searched });
export const townDrawn = (townDrawn: string) => useUiStore.setState({ townDrawn });
export const usePicking = () => useUiStore((s) => s.picking);
export const pickingChanged = (picking: boolean) => useUiStore.setState({ picking });
/** Read at a click, not rendered: whether the map's clicks pick members now. */
export const isPicking = () => useUiStore.getState().picking;
