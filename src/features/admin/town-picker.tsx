import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { isLongEnoughQuery } from '../../contract/rules.ts';
import { Chosen } from './chosen.tsx';
import { PickList } from './pick-list.tsx';

/** A town chosen as a new province's member: its id, name and the province it is listed under now. */
export interface PickedTown {
  id: string;
  name: string;
  province: string;
}

/**
 * Choosing a new province's cities and municipalities from a search of the chosen region's towns
 * (another region's towns cannot move into it): they move out of the provinces that list them now. The results
 * are picked with the arrows and Enter, or a click.
 */
export function TownPicker({
  regionId,
  picked,
  onChange,
  error,
}: {
  /** The region the new province is in: only its towns are offered; none before one is chosen. */
  regionId: string;
  picked: PickedTown[];
  onChange: (picked: PickedTown[]) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const found = useQuery({
    ...municityQueries.search(regionId ? text : '', regionId),
    // The results before stay while the next load, but not another region's.
    placeholderData: (before, query) =>
      (query?.queryKey.at(-1) as { regionId?: string } | undefined)?.regionId === regionId ? before : undefined,
  });
  const toggle = (town: PickedTown) =>
    onChange(picked.some((t) => t.id === town.id) ? picked.filter((t) => t.id !== town.id) : [...picked, town]);
  const searching = !!regionId && isLongEnoughQuery(text);
  const towns = searching ? found.data?.data : undefined;
  const status = !regionId
    ? text.trim()
      ? 'Choose the region first: its towns are the ones offered.'
      : undefined
    : !searching
      ? undefined
      : found.isError
        ? `The towns could not be searched: ${found.error.message}`
        : towns?.length === 0 && !found.isFetching
          ? 'No city or municipality of this region by that name.'
          : undefined;
  return (
    <fieldset className="members" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Made of (optional)</legend>
      <p className="hint">Cities and municipalities of the region that move into the new province.</p>
      <PickList
        label="Find a city or municipality"
        text={text}
        onText={setText}
        options={towns?.map((town) => ({
          id: town.id,
          name: town.name,
          tag: town.province,
          chosen: picked.some((t) => t.id === town.id),
        }))}
        status={status}
        busy={found.isFetching}
        onToggle={(option) => toggle({ id: option.id, name: option.name, province: option.tag })}
      />
      <Chosen label="Chosen towns" items={picked} onRemove={toggle} errorId={`${id}-error`} error={error} />
    </fieldset>
  );
}
