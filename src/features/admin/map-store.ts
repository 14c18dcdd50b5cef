import type { FeatureCollection, MultiPolygon } from 'geojson';
import { create } from 'zustand';
import type { OutlineCollection } from '../../api/dataset.ts';

/**
 * What the admin forms draw on the map (issue 18), shared by the panel and its layers, which live inside the map
 * (admin-layers.tsx), as "Match a file" shares its store: the places that can be picked, the picked ones, and a
 * preview of a new region with the regions it takes from.
 */
interface AdminMap {
  /** The places drawn for picking; null while not picking. */
  pickable: OutlineCollection | null;
  /** Their codes to highlight. */
  selected: string[];
  /** Called with a place's code when it is clicked. */
  onPick: ((code: string) => void) | null;
  preview: { key: string; collection: FeatureCollection<MultiPolygon | null> } | null;
}

export const useAdminMap = create<AdminMap>(() => ({ pickable: null, selected: [], onPick: null, preview: null }));
