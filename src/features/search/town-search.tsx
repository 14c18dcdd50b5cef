import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { isLongEnoughQuery } from '../../contract/rules.ts';
import type { MunicitySearchItem } from '../../contract/types.ts';
import { useDebounced } from './use-debounced.ts';

/** Find a city or municipality in any province by name (GET /v1/municities/search). */
export function TownSearch({ onChoose }: { onChoose: (town: MunicitySearchItem) => void }) {
  const [text, setText] = useState('');
  const q = useDebounced(text, 250);
  const query = useQuery(municityQueries.search(q));
  const long = isLongEnoughQuery(text);
  const results = long ? (query.data?.data ?? []) : [];
  return (
    <div className="town-search">
      <label className="filter">
        Or find a city or municipality anywhere
        <input type="search" value={text} placeholder="Town name…" onChange={(e) => setText(e.target.value)} />
      </label>
      {long && !query.isFetching && results.length === 0 && (
        <p className="panel-status" role="status">
          No city or municipality matches “{text.trim()}”.
        </p>
      )}
      {results.length > 0 && (
        <ul className="list" aria-label="Towns found">
          {results.map((t) => (
            <li key={t.id}>
              <button type="button" onClick={() => onChoose(t)}>
                {t.name}
                <span className="tag">{t.province}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
