import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useId, useMemo, useState } from 'react';
import { datasetQueries, type OutlineCollection } from '../../api/dataset.ts';
import { regionQueries } from '../../api/regions.ts';
import { pickingChanged, usePicking } from '../../state/ui-store.ts';
import { Chosen } from './chosen.tsx';
import { useAdminMap } from './map-store.ts';
import { mergePickables, type Pickable, pickableOf, searchPickables } from './members.ts';

/**
 * The places a new region can be made of: every province-level place of the code list (provinces, independent
 * cities, Metro Manila for its districts), from the built outlines at `simple`, with their region.
 */
export function usePickables() {
  const regions = useQuery(regionQueries.list());
  const builtIn = (regions.data?.data ?? []).filter((r) => /^\d{10}$/.test(String(r.code)));
  return useQueries({
    queries: builtIn.map((r) => datasetQueries.areas(String(r.code), 'simple')),
    combine: (answers) => {
      if (!builtIn.length || answers.some((a) => !a.data)) return undefined;
      const places: Pickable[] = [];
      const features: OutlineCollection['features'] = [];
      answers.forEach((answer, i) => {
        for (const feature of answer.data!.features) {
          features.push(feature);
          places.push(pickableOf(feature.properties, builtIn[i].name));
        }
      });
      return {
        places: mergePickables(places),
        collection: { type: 'FeatureCollection', features } as OutlineCollection,
      };
    },
  });
}

/**
 * Choosing a new region's members: from a list with search, or by clicking them on the map, where the chosen
 * ones are highlighted. `picked` are member ids (PSGC codes; Metro Manila's is its province id).
 */
export function MemberPicker({
  picked,
  onChange,
  error,
}: {
  picked: Pickable[];
  onChange: (picked: Pickable[]) => void;
  error?: string;
}) {
  const pickables = usePickables();
  const picking = usePicking();
  const [text, setText] = useState('');
  const id = useId();
  const found = useMemo(() => (pickables ? searchPickables(pickables.places, text, 8) : []), [pickables, text]);
  const toggle = (place: Pickable) =>
    onChange(picked.some((p) => p.id === place.id) ? picked.filter((p) => p.id !== place.id) : [...picked, place]);
  // Leaving the form (or the admin area) ends the picking: the map's clicks go back to the explorer.
  useEffect(() => () => pickingChanged(false), []);
  // The map draws the places while picking (admin-layers.tsx); a click there adds or removes one.
  const onPick = useEffectEvent((code: string) => {
    const place = pickables?.places.find((p) => p.areas.includes(code));
    if (place) toggle(place);
  });
  useEffect(() => {
    useAdminMap.setState({
      pickable: picking && pickables ? pickables.collection : null,
      selected: picked.flatMap((p) => p.areas),
      onPick: (code) => onPick(code),
    });
  }, [picking, pickables, picked]);
  useEffect(() => () => useAdminMap.setState({ pickable: null, selected: [], onPick: null }), []);

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
          pickingChanged(!picking);
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
            found.map((place) => {
              const chosen = picked.some((p) => p.id === place.id);
              return (
                <li key={place.id}>
                  <button type="button" aria-pressed={chosen} onClick={() => toggle(place)}>
                    {place.name}
                    <span className="tag">
                      {place.kind} · {place.region}
                    </span>
                  </button>
                </li>
              );
            })
          ) : (
            <li className="panel-status">No province or independent city by that name.</li>
          )}
        </ul>
      )}
      <Chosen label="Chosen members" items={picked} onRemove={toggle} errorId={`${id}-error`} error={error} />
    </fieldset>
  );
}
