import { placeOfView } from './compare.ts';
import { type PlaceRef, samePlace } from './place-ref.ts';
import { type ExplorerView, useExplorerView } from './view.ts';

/** Where a comparison stands: none, its first place chosen and the second being picked, or two places shown. */
export type ComparisonState = 'none' | 'picking' | 'comparing';

/**
 * The comparison in the link and what a person does with it. Each is a step to go back to (Back leaves a
 * comparison as it was entered); the explorer's view under it stays as it was.
 */
export function useComparison() {
  const [view, navigate] = useExplorerView();
  const places = view.compare ?? [];
  const state: ComparisonState = places.length === 2 ? 'comparing' : places.length === 1 ? 'picking' : 'none';
  const compare = (next: PlaceRef[] | undefined) => navigate({ ...view, compare: next });
  return {
    state,
    places,
    /** "Compare with…": this place first, the second to pick. */
    start: (place: PlaceRef) => compare([place]),
    /** The place a view shows (a list's, the map's or the search's choice) as the second place. */
    pick: (next: ExplorerView) => {
      const place = placeOfView(next);
      if (place && places[0] && !samePlace(place, places[0])) compare([places[0], place]);
    },
    swap: () => compare([places[1], places[0]]),
    /** Keeps the first place, and picks another second. */
    pickAgain: () => compare(places.slice(0, 1)),
    leave: () => compare(undefined),
  };
}

export type Comparison = ReturnType<typeof useComparison>;
