import { type ReactNode, useEffect, useRef } from 'react';
import { DETAIL_LEVELS, type DetailLevel, type GeocodeCandidate } from '../../contract/types.ts';
import { useZoomLevel } from '../../state/ui-store.ts';
import { type StepPlace, usePlaceFigures } from '../../ui/place-figures.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { CompareControls } from './compare-controls.tsx';
import { crumbsOf, titleOf, usePlaceNames } from './crumbs.ts';
import { DataVintage } from './data-vintage.tsx';
import { DownloadPanel } from './download-panel.tsx';
import { PlaceNotFound } from './place-not-found.tsx';
import { ChoroplethLegend, ShadeSelect } from './shade-controls.tsx';
import type { Step } from './step.ts';
import { StepLists, type TownSearch } from './step-lists.tsx';
import { useStepPlace } from './step-place.ts';
import { useComparison } from './use-comparison.ts';
import { useStep } from './use-step.ts';
import { type ExplorerView, type Navigate, viewOf } from './view.ts';
import './panel.css';

/**
 * The panel's searches, which other features provide (app/ composes them, so features never import each
 * other): each is handed what the explorer does with a place found.
 */
export interface PanelSearches {
  /** The place search, at the top. A miss leaves the place chosen before. */
  search: (on: { onChoose: (place: GeocodeCandidate) => void; onMiss: () => void }) => ReactNode;
  /** A search for a town in any province, at the province step. */
  townSearch: TownSearch;
  /**
   * A user's own figures for the step ("Add your data"): under the step's title while they are on the map, with
   * their legend; else at the panel's foot, after the step's own facts and lists (and their keyboard stops).
   */
  figures?: (place: StepPlace) => ReactNode;
}

/** The side panel: the search, where you are, the detail level, and the list for the current step. */
export function ExplorerPanel({ search, townSearch, figures }: PanelSearches) {
  const { step, view, navigate } = useStep();
  const place = useStepPlace(step);
  // A user's figures drawn at this step colour it instead of the step's own shade (the link keeps the choice).
  const shown = usePlaceFigures();
  const givesWay = !!shown?.drawnAt(place.kind);
  const names = usePlaceNames(step);
  const crumbs = crumbsOf(step, names);
  const title = useFocusOnNewStep(step);
  const comparison = useComparison();
  const documentTitle = titleOf(step, names);
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);

  return (
    <aside className="panel" aria-label="Explorer">
      {search({
        onChoose: (place) => navigate(viewOf(place, step.level)),
        // A miss takes the marker out of the link, and goes back to the country.
        onMiss: () => navigate({ level: step.level, marker: undefined }),
      })}
      <Breadcrumbs crumbs={crumbs} navigate={navigate} />
      <DetailSelect view={view} navigate={navigate} />
      <ShadeSelect view={view} navigate={navigate} />
      <h1 className="panel-title" ref={title} tabIndex={-1}>
        {crumbs[crumbs.length - 1].label}
      </h1>
      {names.missing ? (
        <PlaceNotFound step={step} missing={names.missing} crumbs={crumbs} navigate={navigate} />
      ) : (
        <>
          <CompareControls step={step} comparison={comparison} />
          {givesWay && view.shade ? (
            <p className="panel-status">“Colour by” waits while your own figures are on the map.</p>
          ) : (
            <ChoroplethLegend step={step} shade={view.shade} />
          )}
          {shown && figures?.(place)}
          <StepLists step={step} names={names} navigate={navigate} townSearch={townSearch} />
          <DownloadPanel step={step} place={crumbs[crumbs.length - 1].label} />
          {!shown && figures?.(place)}
        </>
      )}
      <DataVintage />
    </aside>
  );
}

/** The title, which takes keyboard focus when the step changes. */
function useFocusOnNewStep({ key }: Step) {
  const title = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(key);
  useEffect(() => {
    if (shownStep.current === key) return;
    shownStep.current = key;
    // The button just pressed left with its list: put keyboard focus on the new step's title, not the page.
    if (document.activeElement === document.body) title.current?.focus();
  }, [key]);
  return title;
}

/** The detail level: a change replaces the history entry (Back goes to the place before, not the level before). */
function DetailSelect({ view, navigate }: { view: ExplorerView; navigate: Navigate }) {
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
