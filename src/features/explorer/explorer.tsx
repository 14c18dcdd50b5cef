import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { DETAIL_LEVELS, type DetailLevel } from '../../contract/types.ts';
import { useZoomLevel } from '../../state/ui-store.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { SearchBox } from '../search/search-box.tsx';
import { TownSearch } from '../search/town-search.tsx';
import { DataVintage } from './data-vintage.tsx';
import { BarangayList, ProvinceList, RegionList, TownList } from './lists.tsx';
import { type ExplorerView, townViewOf, useExplorerView, viewOf } from './view.ts';

/** The side panel: where you are, the detail level, and the list for the current step. */
export function ExplorerPanel() {
  const [view, navigate] = useExplorerView();
  const zoomLevel = useZoomLevel();
  const level = view.level ?? zoomLevel;
  const regions = useQuery(regionQueries.list());
  const province = useQuery(provinceQueries.detail(view.province, level));
  const town = useQuery(municityQueries.detail(view.municity, level));
  const regionName = regions.data?.data.find((r) => String(r.id) === view.region)?.name;
  const title = useRef<HTMLHeadingElement>(null);
  const step = `${view.region}/${view.province}/${view.municity}`;
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // The button just pressed left with its list: put keyboard focus on the new step's title, not the page.
    if (document.activeElement === document.body) title.current?.focus();
  }, [step]);
  const keep = { level: view.level };

  type Crumb = { step: string; label: string; to: ExplorerView };
  const crumbs: Crumb[] = [{ step: 'country', label: 'Philippines', to: keep }];
  if (view.region) crumbs.push({ step: 'region', label: regionName ?? 'Region', to: { ...keep, region: view.region } });
  if (view.province) {
    const label = province.data?.data.name ?? 'Province';
    crumbs.push({ step: 'province', label, to: { ...keep, region: view.region, province: view.province } });
  }
  if (view.municity) {
    const label = town.data?.data.name ?? 'City or municipality';
    crumbs.push({ step: 'municity', label, to: { ...view, barangay: undefined } });
  }

  return (
    <aside className="panel" aria-label="Explorer">
      <SearchBox onChoose={(c) => navigate(viewOf(c, view.level))} onMiss={() => navigate(keep)} />
      <nav aria-label="Breadcrumbs">
        <ol className="crumbs">
          {crumbs.map((c, i) => (
            <li key={c.step}>
              {i < crumbs.length - 1 ? (
                <button type="button" className="link" onClick={() => navigate(c.to)}>
                  {c.label}
                </button>
              ) : (
                <span aria-current="page">{c.label}</span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <label className="detail">
        Detail
        <select
          value={view.level ?? 'auto'}
          onChange={(e) =>
            navigate({ ...view, level: e.target.value === 'auto' ? undefined : (e.target.value as DetailLevel) })
          }
        >
          <option value="auto">Follow the zoom ({zoomLevel})</option>
          {DETAIL_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <h1 className="panel-title" ref={title} tabIndex={-1}>
        {crumbs[crumbs.length - 1].label}
      </h1>
      {!view.region && (
        <RegionList
          onPick={({ id }) => navigate({ ...keep, region: id })}
          batch={view.batch ?? []}
          onBatch={(codes) => navigate({ ...keep, batch: codes.length ? codes : undefined })}
        />
      )}
      {view.region && !view.province && (
        <ProvinceList
          regionId={view.region}
          onPick={({ id }) => navigate({ ...keep, region: view.region, province: id })}
        />
      )}
      {view.province && !view.municity && (
        <>
          <TownList
            province={province.data?.data.name ?? ''}
            onPick={({ id }) => navigate({ ...view, municity: id })}
          />
          <TownSearch onChoose={(t) => navigate(townViewOf(t, view.level))} />
        </>
      )}
      {view.municity && (
        <QueryState query={town} what="barangays">
          {(d) => (
            <>
              <p className="facts">
                {d.data.type === 'City' ? 'City' : 'Municipality'} · {d.data.barangay_count} barangays
                {d.data.population ? ` · ${d.data.population.toLocaleString('en-PH')} people (2020)` : ''}
              </p>
              <BarangayList
                barangays={d.geojson.features.map((f) => ({ ...f.properties, boundary: f.geometry !== null }))}
                selected={view.barangay}
                onPick={(b) => navigate({ ...view, barangay: b.code })}
              />
            </>
          )}
        </QueryState>
      )}
      <DataVintage />
    </aside>
  );
}
