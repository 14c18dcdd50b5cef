import { SearchMarker } from '../../map/search-marker.tsx';
import { placeNameOf, usePlaceNames } from './crumbs.ts';
import type { Step } from './step.ts';

/**
 * The searched place's marker. It lives in the link only (`marker=lng,lat`): the search puts it there as it opens
 * the place's step, a miss takes it out, and a shared link shows it again. It is named after the place the step
 * shows (the barangay chosen, else the town, province or region), as the search named it.
 */
export function SearchedPlace({ step, at }: { step: Step; at: [number, number] | undefined }) {
  const name = placeNameOf(step, usePlaceNames(step));
  return <SearchMarker at={at} name={name ?? 'Marked place'} />;
}
