import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { geocodeQueries } from '../../api/geocode.ts';
import { isLongEnoughQuery } from '../../contract/rules.ts';
import { splitText } from '../../contract/split-text.ts';
import type { ResolvedPlace } from '../../contract/types.ts';
import { addressOf } from '../../matching/columns.ts';
import type { RowOutcome } from '../../matching/types.ts';
import {
  cachedRow,
  outcomeOf,
  rowFixed,
  rowSelected,
  useJob,
  useResultsVersion,
  useRowIndex,
  useRowsVersion,
} from './job-state.ts';
import { statusText } from './review-rows.ts';
import { SameAddressOffer } from './same-address-offer.tsx';

/** "Lahug · City of Cebu · Cebu · Region VII (Central Visayas)": a place with every level above it. */
const fullName = (p: ResolvedPlace) =>
  [p.barangay?.name, p.city_municipality?.name, p.province?.name, p.region.name].filter(Boolean).join(' · ');

function PlaceChoice({ place, chosen, onChoose }: { place: ResolvedPlace; chosen: boolean; onChoose: () => void }) {
  return (
    <li className="match-candidate">
      <span>
        <strong>
          {place.name}
          {place.split && ` (${splitText(place.name, place.split)})`}
        </strong>{' '}
        ({place.level}, {place.psgc_code}) · {fullName(place)} · {Math.round(place.confidence * 100)}%
        {place.note && <span className="match-note"> · {place.note}</span>}
      </span>
      {chosen ? (
        <span className="match-chosen">Chosen</span>
      ) : (
        <button type="button" className="match-use" onClick={onChoose} aria-label={`Use ${fullName(place)}`}>
          Use this place
        </button>
      )}
    </li>
  );
}

/** One row: what it says, where it matched and why not surely; its candidates, and a search to fix it. */
export function RowDetails({ row }: { row: number }) {
  const job = useJob();
  const index = useRowIndex();
  const version = useResultsVersion();
  useRowsVersion();
  const [text, setText] = useState('');
  const searchId = useId();
  const found = useQuery(geocodeQueries.places(text));
  // The row's whole outcome (its candidates and notes) is read from IndexedDB when it is opened or fixed.
  const [loaded, setLoaded] = useState<{ row: number; version: number; outcome: RowOutcome | null } | null>(null);
  useEffect(() => {
    let live = true;
    outcomeOf(row).then((outcome) => live && setLoaded({ row, version, outcome }));
    return () => {
      live = false;
    };
  }, [row, version]);
  const outcome = loaded?.row === row ? loaded.outcome : null;
  const cells = cachedRow(row);
  const address = cells && job?.columns ? addressOf(cells, job.columns) : '';
  const current = outcome?.match ?? null;
  const choose = (place: ResolvedPlace) => void rowFixed(row, place);
  const isCurrent = (p: ResolvedPlace) => !!outcome?.fixed && current?.psgc_code === p.psgc_code;
  // Why a person should look, as the export's `reason` says it: the place's own note, or the reason of the row
  // (a tie: "5 places fit the address"), each once.
  const why = outcome?.fixed ? [] : [...new Set([current?.note, outcome?.reason].filter((w): w is string => !!w))];
  const searching = isLongEnoughQuery(text) && found.isFetching;

  return (
    <section className="match-details" aria-label={`Row ${row + 1}`}>
      <header className="match-details-header">
        <h3>Row {row + 1}</h3>
        <button type="button" onClick={() => rowSelected(null)}>
          Close row
        </button>
      </header>
      <p className="match-details-address">{address || '(empty address)'}</p>
      <p>
        <strong>{index ? statusText(index, row) : ''}</strong>
        {current && ` · ${fullName(current)} (${current.psgc_code})`}
        {why.map((reason) => (
          <span key={reason} className="match-note">
            {' '}
            · {reason}
          </span>
        ))}
      </p>
      {outcome?.fixed && current && index && (
        <SameAddressOffer index={index} row={row} place={current} version={version} />
      )}
      {outcome && outcome.candidates.length > 1 && (
        <>
          <h4>Candidates</h4>
          <ul className="match-candidates">
            {outcome.candidates.map((place) => (
              <PlaceChoice
                key={place.psgc_code}
                place={place}
                chosen={isCurrent(place)}
                onChoose={() => choose(place)}
              />
            ))}
          </ul>
        </>
      )}
      <label htmlFor={searchId}>Find the right place</label>
      <input
        id={searchId}
        type="search"
        placeholder="Barangay, town, province"
        value={text}
        aria-busy={searching}
        onChange={(event) => setText(event.currentTarget.value)}
      />
      <p className="match-hint" role="status">
        {searching ? `Searching for “${text.trim()}”…` : ''}
      </p>
      {found.isError && <p role="alert">The search failed: {found.error.message}</p>}
      {found.data &&
        isLongEnoughQuery(text) &&
        (found.data.candidates.length === 0 ? (
          <p role="status">No place found for “{text.trim()}”.</p>
        ) : (
          <ul className="match-candidates" aria-label="Places found">
            {found.data.candidates.map((place) => (
              <PlaceChoice
                key={place.psgc_code}
                place={place}
                chosen={isCurrent(place)}
                onChoose={() => choose(place)}
              />
            ))}
          </ul>
        ))}
    </section>
  );
}
