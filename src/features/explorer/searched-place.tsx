import { SearchMarker } from '../../map/search-marker.tsx';
import { placeNameOf, usePlaceNames } from './crumbs.ts';
import type { Step } from './step.ts';

/**
 * The searched place's marker. It lives in the link only (`marker=lng,lat`): the search puts it there as it opens
 * the place's step, a miss takes it out, and a shared link shows it again. With none, nothing is rendered and no
 * name is asked for.
 */
export function SearchedPlace({ step, at }: { step: Step; at: [number, number] | undefined }) {
  return at ? <NamedMarker step={step} at={at} /> : null;
}

/**
 * The marker, named after the place the step shows (the barangay chosen, else the town, province or region), as
 * the search named it.
 */
function NamedMarker({ step, at }: { step: Step; at: [number, number] }) {
  const name = placeNameOf(step, usePlaceNames(step));
  return <SearchMarker at={at} name={name ?? 'Marked place'} />;
}
