import { useEffect, useId, useMemo, useState } from 'react';
import { mapClicksChanged, useMapClicks } from '../../state/ui-store.ts';
import { Chosen } from './chosen.tsx';
import { type Pickable, searchPickables } from './members.ts';
import { memberToggled } from './pick-store.ts';
import { usePickables } from './use-pickables.ts';

/**
 * Choosing a new region's members (issue 18): from a list with search, or by clicking them on the map
 * (admin-layers.tsx draws them while the map's clicks pick), where the chosen ones are highlighted. The picks are
 * member ids in the pick store (PSGC codes; Metro Manila's is its province id).
 */
export function MemberPicker({ picked, error }: { picked: Pickable[]; error?: string }) {
  const pickables = usePickables();
  const picking = useMapClicks() === 'pick';
  const [text, setText] = useState('');
  const id = useId();
  const found = useMemo(() => (pickables ? searchPickables(pickables.places, text, 8) : []), [pickables, text]);
  // Leaving the form (or the admin area) ends the picking: the map's clicks go back to the explorer.
  useEffect(() => () => mapClicksChanged('explore'), []);

  return (
    <fieldset className="members" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Made of (optional)</legend>
      <p className="hint">
        Provinces and independent cities that move into the new region, out of the regions they are in now.
      </p>
      <button
        type="button"
        aria-pressed={picking}
        className="pick-toggle"
        disabled={!pickables}
        onClick={(e) => {
          mapClicksChanged(picking ? 'explore' : 'pick');
          const button = e.currentTarget;
          // On a phone the sheet steps down: the picker stays in sight at its top.
          requestAnimationFrame(() => button.scrollIntoView({ block: 'start' }));
        }}
      >
        {!pickables ? 'Loading the places…' : picking ? 'Stop picking on the map' : 'Pick on the map'}
      </button>
      <label htmlFor={`${id}-search`}>Find a province or independent city</label>
      <input
        id={`${id}-search`}
        type="search"
        value={text}
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        aria-controls={text.trim() ? `${id}-found` : undefined}
      />
      {text.trim() && (
        <ul id={`${id}-found`} className="list found-members" aria-label="Places found">
          {found.length ? (
            found.map((place) => (
              <li key={place.id}>
                <button
                  type="button"
                  aria-pressed={picked.some((p) => p.id === place.id)}
                  onClick={() => memberToggled(place.id)}
                >
                  {place.name}
                  <span className="tag">
                    {place.kind} · {place.region}
                  </span>
                </button>
              </li>
            ))
          ) : (
            <li className="panel-status">No province or independent city by that name.</li>
          )}
        </ul>
      )}
      <Chosen
        label="Chosen members"
        items={picked}
        onRemove={(place) => memberToggled(place.id)}
        errorId={`${id}-error`}
        error={error}
      />
    </fieldset>
  );
}
