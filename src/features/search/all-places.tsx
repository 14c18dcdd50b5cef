import { useState } from 'react';
import type { GeocodeCandidate } from '../../contract/types.ts';
import { candidateName, contextText, matchedText, provinceOf, type SearchResults } from './results.ts';
import './search.css';

/**
 * A candidate as text: its name, what of the query it matched and how surely, and where it is. The spaces between
 * the lines keep the words apart in the accessible name, which is read from this text.
 */
export function CandidateLines({ candidate }: { candidate: GeocodeCandidate }) {
  const matched = matchedText(candidate);
  return (
    <>
      <span className="option-name">{candidateName(candidate)}</span>{' '}
      {matched && (
        <>
          <span className="option-match">{matched}</span>{' '}
        </>
      )}
      <span className="option-context">{contextText(candidate)}</span>
    </>
  );
}

/** Every place an ambiguous query names, narrowed by province; Escape closes it. */
export function AllPlaces({
  id,
  query,
  results,
  onChoose,
  onClose,
}: {
  id: string;
  query: string;
  results: SearchResults;
  onChoose: (candidate: GeocodeCandidate) => void;
  onClose: () => void;
}) {
  const [province, setProvince] = useState('');
  const list = province ? results.all.filter((c) => provinceOf(c) === province) : results.all;
  return (
    <section
      id={id}
      className="all-places"
      aria-label={`Places matching “${query}”`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <label className="filter">
        Narrow by province
        <select value={province} onChange={(e) => setProvince(e.target.value)}>
          <option value="">All provinces ({results.all.length})</option>
          {results.provinces.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name} ({p.count})
            </option>
          ))}
        </select>
      </label>
      <p className="tag" role="status">
        {province ? `${list.length} of ${results.all.length} in ${province}` : `${list.length} places`}
        {results.count.endsWith('+') && ', the best by rank: add a town or province to the query to find others'}
      </p>
      <ul className="list" aria-label="All places">
        {list.map((c) => (
          <li key={c.code}>
            <button type="button" onClick={() => onChoose(c)}>
              <CandidateLines candidate={c} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
