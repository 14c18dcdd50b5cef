import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { dataOf } from '../../api/select.ts';
import type { BarangayProps } from '../../contract/types.ts';
import { QueryState } from '../../ui/query-state.tsx';

interface Pick<T> {
  onPick: (item: T) => void;
}

/** The regions; each can also be ticked to be drawn together with others (the batch view). */
export function RegionList({
  onPick,
  batch,
  onBatch,
}: Pick<{ id: string }> & { batch: string[]; onBatch: (codes: string[]) => void }) {
  const query = useQuery({ ...regionQueries.list(), select: dataOf });
  return (
    <QueryState query={query} what="regions" isEmpty={(regions) => regions.length === 0}>
      {(regions) => (
        <>
          <ul className="list" aria-label="Regions">
            {regions.map((r) => (
              <li key={r.id} className="with-check">
                <input
                  type="checkbox"
                  aria-label={`Draw ${r.name} with other regions`}
                  checked={batch.includes(r.code)}
                  disabled={!/^\d{10}$/.test(r.code)}
                  onChange={(e) => onBatch(e.target.checked ? [...batch, r.code] : batch.filter((c) => c !== r.code))}
                />
                <button type="button" onClick={() => onPick({ id: String(r.id) })}>
                  {r.name}
                </button>
              </li>
            ))}
          </ul>
          {batch.length > 0 && (
            <p className="facts" role="status">
              {batch.length} region{batch.length > 1 ? 's' : ''} drawn together.{' '}
              <button type="button" className="link" onClick={() => onBatch([])}>
                Clear
              </button>
            </p>
          )}
        </>
      )}
    </QueryState>
  );
}

export function ProvinceList({ regionId, onPick }: { regionId: string } & Pick<{ id: string }>) {
  const query = useQuery({ ...provinceQueries.byRegion(regionId), select: dataOf });
  return (
    <QueryState query={query} what="provinces" isEmpty={(provinces) => provinces.length === 0}>
      {(provinces) => (
        <ul className="list" aria-label="Provinces">
          {provinces.map((p) => (
            <li key={p.id}>
              <button type="button" onClick={() => onPick({ id: p.id })}>
                {p.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** A province's towns, 20 a page, filtered by the start of their name. */
export function TownList({ province, onPick }: { province: string } & Pick<{ id: number }>) {
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const query = useQuery(municityQueries.list(province, name.trim(), page));
  return (
    <>
      <label className="filter">
        Filter cities and municipalities
        <input
          type="search"
          value={name}
          placeholder="Name starts with…"
          onChange={(e) => {
            setName(e.target.value);
            setPage(1);
          }}
        />
      </label>
      <QueryState query={query} what="cities and municipalities" isEmpty={(d) => d.data.length === 0}>
        {(d) => (
          <>
            <ul className="list" aria-label="Cities and municipalities">
              {d.data.map((t) => (
                <li key={t.id}>
                  <button type="button" onClick={() => onPick({ id: t.id })}>
                    {t.name}
                    <span className="tag">{t.independent ? 'independent city' : t.type === 'City' ? 'city' : ''}</span>
                  </button>
                </li>
              ))}
            </ul>
            <nav className="pager" aria-label="Pages">
              <button type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </button>
              <span>
                Page {d.meta.page} of {d.meta.totalPages} ({d.meta.total})
              </span>
              <button type="button" disabled={page >= d.meta.totalPages} onClick={() => setPage(page + 1)}>
                Next
              </button>
            </nav>
          </>
        )}
      </QueryState>
    </>
  );
}

/** A barangay as listed; `boundary` is false for one the boundary files do not draw (new since, or missing). */
export type BarangayItem = BarangayProps & { boundary: boolean };

/** A town's barangays, in the order given. */
export function BarangayList({
  barangays,
  selected,
  onPick,
}: { barangays: BarangayItem[]; selected?: string } & Pick<BarangayItem>) {
  if (!barangays.length) return <p className="panel-status">No barangay boundaries for this town.</p>;
  return (
    <ul className="list" aria-label="Barangays">
      {barangays.map((b) => (
        <li key={b.code}>
          <button type="button" aria-pressed={b.code === selected} onClick={() => onPick(b)}>
            {b.name}
            {b.poblacion && <span className="tag">poblacion</span>}
            {!b.boundary && <span className="tag">no boundary yet</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
