import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { isLongEnoughQuery } from '../../contract/rules.ts';
import { Chosen } from './chosen.tsx';

/** A town chosen as a new province's member (issue 18): its id, name and the province it is listed under now. */
export interface PickedTown {
  id: string;
  name: string;
  province: string;
}

/**
 * Choosing a new province's cities and municipalities from a search: they move out of the provinces that list
 * them now, which must be of the region chosen (the service says so otherwise).
 */
export function TownPicker({
  picked,
  onChange,
  error,
}: {
  picked: PickedTown[];
  onChange: (picked: PickedTown[]) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const found = useQuery(municityQueries.search(text));
  const toggle = (town: PickedTown) =>
    onChange(picked.some((t) => t.id === town.id) ? picked.filter((t) => t.id !== town.id) : [...picked, town]);
  return (
    <fieldset className="members" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Made of (optional)</legend>
      <p className="hint">Cities and municipalities of the region that move into the new province.</p>
      <label htmlFor={`${id}-search`}>Find a city or municipality</label>
      <input
        id={`${id}-search`}
        type="search"
        value={text}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
      />
      {isLongEnoughQuery(text) && (
        <ul className="list found-members" aria-label="Towns found" aria-busy={found.isFetching}>
          {found.isError && <li className="form-error">The towns could not be searched: {found.error.message}</li>}
          {found.data?.data.length === 0 && <li className="panel-status">No city or municipality by that name.</li>}
          {found.data?.data.map((town) => {
            const chosen = picked.some((t) => t.id === town.id);
            return (
              <li key={town.id}>
                <button
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => toggle({ id: town.id, name: town.name, province: town.province })}
                >
                  {town.name}
                  <span className="tag">{town.province}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Chosen label="Chosen towns" items={picked} onRemove={toggle} errorId={`${id}-error`} error={error} />
    </fieldset>
  );
}
