import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { NewRegion } from '../../api/regions.ts';

/**
 * What the admin has chosen for a new region, shared by the form and its layers inside the map
 * (admin-layers.tsx): the places picked, by the id the API takes (UI state, like a selection), and the region
 * asked to be previewed. The places' outlines and the preview's answer are server data: React Query holds them,
 * keyed by these. The picks are kept in sessionStorage with the rest of the draft, so a reload keeps them.
 */
interface PickState {
  picked: string[];
  /** The body the admin asked to preview; null until asked, and again once the members change. */
  previewing: NewRegion | null;
}

const usePickStore = create<PickState>()(
  persist(() => ({ picked: [] as string[], previewing: null as NewRegion | null }), {
    name: 'kapuluan.draft.region-members',
    storage: createJSONStorage(() => sessionStorage),
    partialize: ({ picked }) => ({ picked }),
  }),
);

export const usePicked = () => usePickStore((s) => s.picked);
export const usePreviewing = () => usePickStore((s) => s.previewing);

/** A place added to the new region, or taken out of it; a preview asked before no longer says what would be. */
export const memberToggled = (id: string) =>
  usePickStore.setState(({ picked }) => ({
    picked: picked.includes(id) ? picked.filter((p) => p !== id) : [...picked, id],
    previewing: null,
  }));
export const previewAsked = (previewing: NewRegion | null) => usePickStore.setState({ previewing });
export const membersCleared = () => usePickStore.setState({ picked: [], previewing: null });
