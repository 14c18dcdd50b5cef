import { useEffect, useId, useMemo, useState } from 'react';
import { mapClicksChanged, useMapClicks } from '../../state/ui-store.ts';
import { Chosen } from './chosen.tsx';
import { type Pickable, searchPickables } from './members.ts';
import { PickList } from './pick-list.tsx';
import { memberToggled } from './pick-store.ts';
import { usePickables } from './use-pickables.ts';

/**
 * Choosing a new region's members: from a list with search, or by clicking them on the map
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
      <PickList
        label="Find a province or independent city"
        text={text}
        onText={setText}
        options={
          text.trim()
            ? found.map((place) => ({
                id: place.id,
                name: place.name,
                tag: `${place.kind} · ${place.region}`,
                chosen: picked.some((p) => p.id === place.id),
              }))
            : undefined
        }
        status={text.trim() && !found.length ? 'No province or independent city by that name.' : undefined}
        onToggle={(option) => memberToggled(option.id)}
      />
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
