import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { type GeocodeResults, geocodeQueries } from '../../api/geocode.ts';
import { isLongEnoughQuery } from '../../contract/rules.ts';
import type { GeocodeCandidate } from '../../contract/types.ts';
import { AllPlaces, CandidateLines } from './all-places.tsx';
import { notFoundText, partCandidate, shapeResults, splitNotice, statusText } from './results.ts';
import { useFlushableDebounced } from './use-debounced.ts';
import './search.css';

/**
 * The place search: an ARIA combobox over GET /v1/geocode. `onMiss` is called when Enter finds nothing, so the
 * explorer can leave the place chosen before.
 */
export function SearchBox({
  onChoose,
  onMiss,
}: {
  onChoose: (candidate: GeocodeCandidate) => void;
  onMiss: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  // The user has typed since the last choice: the status and the list follow the text.
  const [searching, setSearching] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [showAll, setShowAll] = useState(false);
  // What the last choice says of itself (a fallback to a broader unit), kept once the list has closed.
  const [notice, setNotice] = useState('');
  // A split barangay chosen: its parts are offered until the next edit or choice.
  const [split, setSplit] = useState<GeocodeCandidate | null>(null);
  // Bumped by every edit and choice: an Enter's answer that arrives after one is dropped.
  const ticket = useRef(0);
  // A query once typing pauses, and while it goes on at least every 250 ms: a name typed at a steady pace shows
  // its first places as it is typed, not once the last key is up.
  const [q, flush] = useFlushableDebounced(text, 250, 250);
  const query = useQuery({ ...geocodeQueries.search(searching ? q : ''), select: shapeResults });
  const long = isLongEnoughQuery(text);
  // The answer is to the text in the box now, not to an earlier text kept on screen while the next one loads.
  const current = searching && long && q.trim() === text.trim();
  const fresh = current && query.isSuccess && !query.isPlaceholderData ? query.data : undefined;
  const shown = searching && long ? (query.data?.shown ?? []) : [];
  const showList = open && shown.length > 0;
  const activeIndex = fresh ? Math.min(active, fresh.shown.length - 1) : -1;
  useEffect(() => {
    // The list scrolls, and focus stays in the input: bring the active option into view.
    if (activeIndex >= 0) document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, activeIndex]);

  /**
   * Opens a candidate. A candidate picked from the list takes its name into the box; Enter keeps what was typed
   * (`shown`): a clerk's own address stays to be read again or corrected, not replaced by the town it found.
   */
  const choose = (c: GeocodeCandidate, shown = c.name) => {
    ticket.current++;
    setOpen(false);
    setActive(-1);
    setShowAll(false);
    setSearching(false);
    setNotice(splitNotice(c) || notFoundText(c));
    setSplit(c.split ? c : null);
    setText(shown);
    onChoose(c);
  };

  // Enter without an option picked: search the text in the box now, not what the last pause in typing sent.
  const submit = async () => {
    const typed = text.trim();
    if (!isLongEnoughQuery(typed)) return;
    const mine = ++ticket.current;
    setSearching(true);
    flush();
    let answer: GeocodeResults;
    try {
      answer = await queryClient.fetchQuery(geocodeQueries.search(typed));
    } catch {
      return; // the box's own query has the same key, so the status says the search failed
    }
    if (mine !== ticket.current) return;
    const first = answer.data[0];
    if (first) return choose(first, text);
    setOpen(true);
    onMiss();
  };

  const status = searching ? statusText(text, { results: fresh, error: current ? query.error : null }) : notice;

  return (
    <div className="search">
      <label htmlFor={`${id}-input`}>Search places</label>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        placeholder="Address, barangay, town or province"
        maxLength={200}
        aria-expanded={showList}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={showList && activeIndex >= 0 ? `${id}-option-${activeIndex}` : undefined}
        value={text}
        onChange={(e) => {
          ticket.current++;
          setText(e.target.value);
          setSearching(true);
          setOpen(true);
          setActive(-1);
          setShowAll(false);
          setNotice('');
          setSplit(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setSearching(true);
            setOpen(true);
            // Options of an earlier text stay on screen while the answer to this one loads, but are never active:
            // ask for this text now, and the move lands on its options when they come.
            if (!fresh) flush();
            const last = Math.max(0, shown.length - 1);
            setActive((a) => (e.key === 'ArrowDown' ? Math.min(last, a + 1) : Math.max(0, a - 1)));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const picked = fresh && open && activeIndex >= 0 ? fresh.shown[activeIndex] : undefined;
            if (picked) choose(picked);
            else void submit();
          } else if (e.key === 'Escape') {
            setOpen(false);
            setActive(-1);
            setShowAll(false);
          }
        }}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
      />
      <div className="search-status-row">
        <p className="search-status" role="status" aria-live="polite">
          {status}
        </p>
        {fresh?.ambiguous && (
          <button
            type="button"
            className="link"
            aria-expanded={showAll}
            aria-controls={`${id}-all`}
            onClick={() => setShowAll((s) => !s)}
          >
            Show all
          </button>
        )}
      </div>
      {split?.split && !searching && (
        <section className="split-parts" aria-label={`Parts of ${split.name}`}>
          <ul>
            {split.split.parts.map((part) => (
              <li key={part.code}>
                <button type="button" onClick={() => choose(partCandidate(split, part))}>
                  {part.name}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {fresh && fresh.all.length === 0 && fresh.suggestions.length > 0 && (
        <p className="suggestions">
          Did you mean{' '}
          {fresh.suggestions.map((s, i) => (
            <span key={s}>
              {i > 0 && ', '}
              <button
                type="button"
                className="link"
                // keep the focus in the input, so its blur does not close the list just reopened
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  ticket.current++;
                  setText(s);
                  setSearching(true);
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
      {showList && (
        // Focus stays in the input (aria-activedescendant), as in the WAI-ARIA combobox pattern.
        <div id={`${id}-list`} role="listbox" aria-label="Places" aria-busy={!fresh} className="options">
          {shown.map((c, i) => (
            <div
              key={c.code}
              id={`${id}-option-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === activeIndex}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
            >
              <CandidateLines candidate={c} />
            </div>
          ))}
        </div>
      )}
      {showAll && fresh?.ambiguous && (
        <AllPlaces
          key={q}
          id={`${id}-all`}
          query={text.trim()}
          results={fresh}
          onChoose={choose}
          onClose={() => setShowAll(false)}
        />
      )}
    </div>
  );
}
