import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { geocodeQueries } from '../../api/geocode.ts';
import type { GeocodeCandidate } from '../../api/types.ts';
import { placeSearched } from '../../state/ui-store.ts';
import type { ExplorerView } from '../explorer/view.ts';
import { useDebounced } from './use-debounced.ts';

const LEVEL_NAMES: Record<string, string> = {
  Reg: 'Region',
  Prov: 'Province',
  Dist: 'District',
  SGA: 'Special Geographic Area',
  City: 'City',
  Mun: 'Municipality',
  SubMun: 'District',
  SGU: 'SGA cluster',
  Bgy: 'Barangay',
};

/** The explorer view that shows a candidate, as if the user had clicked down to it. */
export function viewOf(c: GeocodeCandidate, level: ExplorerView['level']): ExplorerView {
  const view: ExplorerView = { region: String(c.region_id), level };
  if (c.province_id) view.province = c.province_id;
  if (c.municity_id && view.province) view.municity = c.municity_id;
  if (c.level === 'Bgy' && view.municity) view.barangay = c.code;
  return view;
}

/** The place search: an ARIA combobox over GET /v1/geocode. */
export function SearchBox({ onChoose }: { onChoose: (candidate: GeocodeCandidate) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text, 250);
  const query = useQuery(geocodeQueries.search(q));
  const candidates = text.trim().length >= 2 ? (query.data?.data ?? []) : [];
  const showList = open && text.trim().length >= 2;

  const choose = (c: GeocodeCandidate) => {
    setOpen(false);
    setActive(-1);
    setText(c.name);
    placeSearched({ name: c.name, lng: c.lng, lat: c.lat });
    onChoose(c);
  };

  const status =
    text.trim().length < 2
      ? ''
      : query.isFetching && !query.data
        ? 'Searching…'
        : query.isError
          ? `Search failed: ${query.error.message}`
          : candidates.length
            ? `${candidates.length} place${candidates.length > 1 ? 's' : ''} found`
            : `No place matches “${text.trim()}”`;

  return (
    <div className="search">
      <label htmlFor={`${id}-input`}>Search places</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Barangay, town, province or region"
        aria-expanded={showList && candidates.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-option-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(candidates.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter') {
            const c = candidates[active >= 0 ? active : 0];
            if (c) {
              e.preventDefault();
              choose(c);
            }
          } else if (e.key === 'Escape') {
            setOpen(false);
            setActive(-1);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <p className="search-status" role="status" aria-live="polite">
        {showList ? status : ''}
      </p>
      {showList && candidates.length === 0 && !!query.data?.suggestions?.length && (
        <p className="suggestions">
          Did you mean{' '}
          {query.data.suggestions.map((s, i) => (
            <span key={s}>
              {i > 0 && ', '}
              <button
                type="button"
                className="link"
                // keep the focus in the input, so its blur does not close the list just reopened
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  setText(s);
                  setOpen(true);
                }}
              >
                {s}
              </button>
            </span>
          ))}
          ?
        </p>
      )}
      {showList && candidates.length > 0 && (
        // Focus stays in the input (aria-activedescendant), as in the WAI-ARIA combobox pattern.
        <div id={`${id}-list`} role="listbox" aria-label="Places" className="options">
          {candidates.map((c, i) => (
            <div
              key={c.code}
              id={`${id}-option-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
            >
              <span className="option-name">{c.name}</span>
              <span className="option-context">{[LEVEL_NAMES[c.level] ?? c.level, ...c.parents].join(' · ')}</span>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
