import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { dataOf } from '../../api/select.ts';
import { isPsgcCode } from '../../contract/psgc.ts';
import type { BarangayProps, CensusYear, MunicityListItem } from '../../contract/types.ts';
import { figureSaid, type PlaceFigures, usePlaceFigures } from '../../ui/place-figures.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { growthText } from './growth-text.ts';
import { type ListSort, SORT_KEYS, type SortKey, sortUnits } from './sort-units.ts';

/** A unit's own figure from a user's table, by its PSGC code (none without one: a created unit). */
const yoursOf = (figures: PlaceFigures | null, code: string | null | undefined) =>
  figures && code ? figures.valueOf(code) : undefined;

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
  const [sort, setSort] = useState<ListSort | 'list'>('list');
  const yours = usePlaceFigures();
  return (
    <QueryState query={query} what="regions" isEmpty={(regions) => regions.length === 0}>
      {(regions) => (
        <>
          <SortSelect value={sort} onChange={setSort} listOrder="PSGC order" />
          <ul className="list" aria-label="Regions">
            {(sort === 'list' ? regions : sortUnits(regions, sort, (r) => yoursOf(yours, r.code))).map((r) => (
              <li key={r.id} className="with-check">
                <input
                  type="checkbox"
                  aria-label={`Draw ${r.name} with other regions`}
                  checked={batch.includes(r.code)}
                  disabled={!isPsgcCode(r.code)}
                  onChange={(e) => onBatch(e.target.checked ? [...batch, r.code] : batch.filter((c) => c !== r.code))}
                />
                <button type="button" onClick={() => onPick({ id: String(r.id) })}>
                  {r.name}
                </button>
                <Figures unit={r} code={r.code} />
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
  const [sort, setSort] = useState<ListSort>('name');
  const yours = usePlaceFigures();
  return (
    <QueryState query={query} what="provinces" isEmpty={(provinces) => provinces.length === 0}>
      {(provinces) => (
        <>
          {provinces.length > 1 && <SortSelect value={sort} onChange={setSort} />}
          <ul className="list" aria-label="Provinces">
            {sortUnits(provinces, sort, (p) => yoursOf(yours, p.psgc_code)).map((p) => (
              <li key={p.id}>
                <button type="button" onClick={() => onPick({ id: p.id })}>
                  {p.name}
                </button>
                <Figures unit={p} code={p.psgc_code} />
              </li>
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}

/** A province's towns: 20 a page by name, filtered by the start of their name, or all at once sorted by a figure. */
export function TownList({ province, onPick }: { province: string } & Pick<{ id: number }>) {
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<ListSort>('name');
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
      <SortSelect value={sort} onChange={setSort} />
      {sort === 'name' ? (
        <TownPages province={province} name={name.trim()} page={page} setPage={setPage} onPick={onPick} />
      ) : (
        <SortedTowns province={province} name={name.trim()} sort={sort} onPick={onPick} />
      )}
    </>
  );
}

/** The sorting choices, each figure with the census it is of (the data's own, from its manifest). */
function sortLabels(year: CensusYear | undefined): Record<SortKey, string> {
  const census = year ?? 'census year not given';
  return {
    name: 'Name',
    population: `Population (${census}), largest first`,
    area: 'Land area, largest first',
    density: `Density (${census}), highest first`,
    growth: 'Growth 2020–2024, fastest first',
  };
}

function SortSelect<K extends ListSort | 'list'>({
  value,
  onChange,
  listOrder,
}: {
  value: K;
  onChange: (key: K) => void;
  /** An order of the list's own to offer first (the regions' PSGC order), named so. */
  listOrder?: string;
}) {
  const labels = sortLabels(useQuery(datasetQueries.manifest()).data?.populationYear);
  const yours = usePlaceFigures();
  return (
    <label className="filter">
      Sort by
      <select value={value} onChange={(e) => onChange(e.target.value as K)}>
        {listOrder && <option value="list">{listOrder}</option>}
        {SORT_KEYS.map((key) => (
          <option key={key} value={key}>
            {labels[key]}
          </option>
        ))}
        {yours && <option value="yours">{yours.label} (your table), largest first</option>}
      </select>
    </label>
  );
}

function TownPages({
  province,
  name,
  page,
  setPage,
  onPick,
}: { province: string; name: string; page: number; setPage: (page: number) => void } & Pick<{ id: number }>) {
  const query = useQuery(municityQueries.list(province, name, page));
  return (
    <QueryState query={query} what="cities and municipalities" isEmpty={(d) => d.data.length === 0}>
      {(d) => (
        <>
          <TownRows towns={d.data} onPick={onPick} />
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
  );
}

function SortedTowns({
  province,
  name,
  sort,
  onPick,
}: { province: string; name: string; sort: ListSort } & Pick<{ id: number }>) {
  const yours = usePlaceFigures();
  const select = useCallback(
    ({ data }: { data: MunicityListItem[] }) => {
      const prefix = name.toLocaleLowerCase();
      const towns = prefix ? data.filter((t) => t.name.toLocaleLowerCase().includes(prefix)) : data;
      return sortUnits(towns, sort, (t) => yoursOf(yours, t.code));
    },
    [name, sort, yours],
  );
  const query = useQuery({ ...municityQueries.every(province), select });
  return (
    <QueryState query={query} what="cities and municipalities" isEmpty={(towns) => towns.length === 0}>
      {(towns) => <TownRows towns={towns} onPick={onPick} />}
    </QueryState>
  );
}

const figure = (n: number | null | undefined, unit: string, digits = 0) =>
  n == null ? null : `${n.toLocaleString('en-PH', { maximumFractionDigits: digits })}${unit}`;

/** "1,004 people (2024) · +2.17%/yr · 0.5 km² · 1,859/km²": a row's figures, each count with its census. */
function Figures({
  unit,
  code,
}: {
  unit: {
    population?: number | null;
    population_year?: CensusYear;
    growth_2020_2024?: number | null;
    area_km2?: number | null;
    density?: number | null;
  };
  /** Its PSGC code, for a user's own figure. */
  code?: string | null;
}) {
  const yours = usePlaceFigures();
  const own = yours && code && yours.valueOf(code) !== undefined ? `${yours.label}: ${figureSaid(yours, code)}` : null;
  const year = unit.population_year ? ` (${unit.population_year})` : '';
  const growth = unit.growth_2020_2024;
  const text = [
    figure(unit.population, ` people${year}`),
    growth == null ? null : growthText(growth, '%/yr'),
    figure(unit.area_km2, ' km²', 1),
    figure(unit.density, '/km²'),
    own,
  ]
    .filter(Boolean)
    .join(' · ');
  return text ? <span className="figures">{text}</span> : null;
}

/** The towns, each with its figures under it (outside the button, whose name stays the town's), so a sorted list says why it is in that order. */
function TownRows({ towns, onPick }: { towns: MunicityListItem[] } & Pick<{ id: number }>) {
  return (
    <ul className="list" aria-label="Cities and municipalities">
      {towns.map((t) => (
        <li key={t.id}>
          <button type="button" onClick={() => onPick({ id: t.id })}>
            {t.name}
            <span className="tag">{t.independent ? 'independent city' : t.type === 'City' ? 'city' : ''}</span>
          </button>
          <Figures unit={t} code={t.code} />
        </li>
      ))}
    </ul>
  );
}

/** A barangay as listed; `boundary` is false for one the boundary files do not draw (new since, or missing). */
export type BarangayItem = BarangayProps & { boundary: boolean };

/** A town's barangays, sorted as the person chooses (by name at first), with their figures in the rows. */
export function BarangayList({
  barangays,
  selected,
  onPick,
}: { barangays: BarangayItem[]; selected?: string } & Pick<BarangayItem>) {
  const [sort, setSort] = useState<ListSort>('name');
  const yours = usePlaceFigures();
  const sorted = useMemo(() => sortUnits(barangays, sort, (b) => yoursOf(yours, b.code)), [barangays, sort, yours]);
  if (!barangays.length) return <p className="panel-status">No barangay boundaries for this town.</p>;
  return (
    <>
      <SortSelect value={sort} onChange={setSort} />
      <ul className="list" aria-label="Barangays">
        {sorted.map((b) => (
          <li key={b.code}>
            <button type="button" aria-pressed={b.code === selected} onClick={() => onPick(b)}>
              {b.name}
              {b.poblacion && <span className="tag">poblacion</span>}
              {!b.boundary && <span className="tag">no boundary yet</span>}
            </button>
            <Figures unit={b} code={b.code} />
          </li>
        ))}
      </ul>
    </>
  );
}
