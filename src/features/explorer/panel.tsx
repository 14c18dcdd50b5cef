import { type ReactNode, useEffect, useRef } from 'react';
import {
  DETAIL_LEVELS,
  type DetailLevel,
  type GeocodeCandidate,
  type MunicitySearchItem,
} from '../../contract/types.ts';
import { useZoomLevel } from '../../state/ui-store.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { crumbsOf, titleOf, usePlaceNames } from './crumbs.ts';
import { DataVintage } from './data-vintage.tsx';
import { DownloadPanel } from './download-panel.tsx';
import { ProvinceList, RegionList, TownList } from './lists.tsx';
import { ChoroplethLegend, ShadeSelect } from './shade-controls.tsx';
import { ProvinceFacts, RegionFacts } from './step-facts.tsx';
import { TownStep } from './town-step.tsx';
import { type ExplorerView, townViewOf, useDetailLevel, useExplorerView, viewOf } from './view.ts';

/**
 * The panel's searches, which other features provide (app/ composes them, so features never import each
 * other): each is handed what the explorer does with a place found.
 */
export interface PanelSearches {
  /** The place search, at the top. A miss leaves the place chosen before. */
  search: (on: { onChoose: (place: GeocodeCandidate) => void; onMiss: () => void }) => ReactNode;
  /** A search for a town in any province, at the province step. */
  townSearch: (on: { onChoose: (town: MunicitySearchItem) => void }) => ReactNode;
}

/** The side panel: the search, where you are, the detail level, and the list for the current step. */
export function ExplorerPanel({ search, townSearch }: PanelSearches) {
  const [view, navigate] = useExplorerView();
  const level = useDetailLevel(view);
  const names = usePlaceNames(view, level);
  const crumbs = crumbsOf(view, names);
  const title = useFocusOnNewStep(view);
  const keep = { level: view.level };
  const documentTitle = titleOf(view, names);
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  return (
    <aside className="panel" aria-label="Explorer">
      {search({
        onChoose: (place) => navigate(viewOf(place, view.level)),
        onMiss: () => navigate({ ...keep, marker: undefined }),
      })}
      <Breadcrumbs crumbs={crumbs} navigate={navigate} />
      <DetailSelect view={view} navigate={navigate} />
      <ShadeSelect view={view} navigate={navigate} />
      <h1 className="panel-title" ref={title} tabIndex={-1}>
        {crumbs[crumbs.length - 1].label}
      </h1>
      <ChoroplethLegend view={view} level={level} />
      {!view.region && (
        <RegionList
          onPick={({ id }) => navigate({ ...keep, region: id })}
          batch={view.batch ?? []}
          onBatch={(codes) => navigate({ ...keep, batch: codes.length ? codes : undefined })}
        />
      )}
      {view.region && !view.province && <RegionFacts regionId={view.region} />}
      {view.region && !view.province && (
        <ProvinceList
          regionId={view.region}
          onPick={({ id }) => navigate({ ...keep, region: view.region, province: id })}
        />
      )}
      {view.province && !view.municity && (
        <>
          <ProvinceFacts provinceId={view.province} level={level} />
          <TownList province={names.province ?? ''} onPick={({ id }) => navigate({ ...view, municity: id })} />
          {townSearch({ onChoose: (town) => navigate(townViewOf(town, view.level)) })}
        </>
      )}
      {view.municity && (
        <TownStep
          municity={view.municity}
          level={level}
          selected={view.barangay}
          onPick={(b) => navigate({ ...view, barangay: b.code })}
        />
      )}
      <DownloadPanel view={view} level={level} place={crumbs[crumbs.length - 1].label} />
      <DataVintage />
    </aside>
  );
}

/** The title, which takes keyboard focus when the step changes. */
function useFocusOnNewStep(view: ExplorerView) {
  const title = useRef<HTMLHeadingElement>(null);
  const step = `${view.region}/${view.province}/${view.municity}`;
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    // The button just pressed left with its list: put keyboard focus on the new step's title, not the page.
    if (document.activeElement === document.body) title.current?.focus();
  }, [step]);
  return title;
}

/** The detail level: a change replaces the history entry (Back goes to the place before, not the level before). */
function DetailSelect({
  view,
  navigate,
}: {
  view: ExplorerView;
  navigate: (view: ExplorerView, options?: { replace?: boolean }) => void;
}) {
  const zoomLevel = useZoomLevel();
  return (
    <label className="detail">
      Detail
      <select
        value={view.level ?? 'auto'}
        onChange={(e) =>
          navigate(
            { ...view, level: e.target.value === 'auto' ? undefined : (e.target.value as DetailLevel) },
            { replace: true },
          )
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
  );
}
