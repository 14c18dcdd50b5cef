import type { DetailLevel } from '../../contract/types.ts';
import { SearchMarker } from '../../map/search-marker.tsx';
import { placeNameOf, usePlaceNames } from './crumbs.ts';
import type { ExplorerView } from './view.ts';

/**
 * The searched place's marker. It lives in the link only (`marker=lng,lat`): the search puts it there as it opens
 * the place's step, a miss takes it out, and a shared link shows it again. It is named after the place the step
 * shows (the barangay chosen, else the town, province or region), as the search named it.
 */
export function SearchedPlace({ view, level }: { view: ExplorerView; level: DetailLevel }) {
  const name = placeNameOf(view, usePlaceNames(view, level));
  return <SearchMarker at={view.marker} name={name ?? 'Marked place'} />;
}
