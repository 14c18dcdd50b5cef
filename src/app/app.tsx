import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useAdminRoute } from '../features/admin/route.ts';
import { useApiDocsRoute } from '../features/api-docs/route.ts';
import { ExplorerLayers } from '../features/explorer/explorer-layers.tsx';
import { LAYER } from '../features/explorer/layer-ids.ts';
import { MapNotices } from '../features/explorer/map-notices.tsx';
import { ExplorerPanel } from '../features/explorer/panel.tsx';
import { HoverTooltip } from '../features/explorer/tooltip.tsx';
import { useExplorerView } from '../features/explorer/view.ts';
import { useMatchRoute } from '../features/match/route.ts';
import { SearchBox } from '../features/search/search-box.tsx';
import { TownSearch } from '../features/search/town-search.tsx';
import { WhatIsHere } from '../features/search/what-is-here.tsx';
import { SettingsDialog } from '../features/settings/settings-dialog.tsx';
import { hasSavedTable } from '../features/your-data/saved-flag.ts';
import type { FirstMap } from '../map/first-map.ts';
import { MapUnavailable } from '../map/map-unavailable.tsx';
import { MapView } from '../map/map-view.tsx';
import { type MapLibreMap, NARROW_WIDTH } from '../map/maplibre.ts';
import { useFirstScreenDrawn } from '../state/first-screen.ts';
import { CopyLink } from '../ui/copy-link.tsx';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { type PlaceFigures, PlaceFiguresContext, type StepPlace } from '../ui/place-figures.ts';
import { createQueryClient } from './query-client.ts';

// The admin area is for a few users: its code loads when it is first opened.
const AdminPanel = lazy(() => import('../features/admin/admin-panel.tsx').then((m) => ({ default: m.AdminPanel })));
// So is "Match a file": its panel and its map layers share one chunk (and one store).
const MatchArea = lazy(() => import('../features/match/match-area.tsx').then((m) => ({ default: m.MatchArea })));
const AdminLayers = lazy(() => import('../features/admin/admin-layers.tsx').then((m) => ({ default: m.AdminLayers })));
const MatchLayers = lazy(() => import('../features/match/match-layers.tsx').then((m) => ({ default: m.MatchLayers })));
// And the API reference, which only a client's developer opens.
const ApiReference = lazy(() =>
  import('../features/api-docs/api-reference.tsx').then((m) => ({ default: m.ApiReference })),
);
// "Add your data" loads when asked for, or once the first screen is drawn when a table of the user's is kept.
const yourData = () => import('../features/your-data/your-data.tsx');
const YourDataPanel = lazy(() => yourData().then((m) => ({ default: m.YourDataPanel })));
const YourDataLayers = lazy(() => yourData().then((m) => ({ default: m.YourDataLayers })));
const YourDataFigures = lazy(() => yourData().then((m) => ({ default: m.YourDataFigures })));

/**
 * The whole app; `firstMap` is the map the page's entry started (src/service-start.ts), `onMap` hears of the map when
 * it is made and when it goes (the browser tests' entry).
 */
export function App({ firstMap, onMap }: { firstMap?: FirstMap; onMap?: (map: MapLibreMap | null) => void }) {
  const [queryClient] = useState(createQueryClient);
  const [matchOpen, setMatchOpen] = useMatchRoute();
  const yours = useYourData();
  return (
    <QueryClientProvider client={queryClient}>
      <PlaceFiguresContext.Provider value={yours.figures}>
        <main className="app">
          <SkipLinks />
          <ErrorBoundary fallback={(error) => <MapUnavailable error={error} />}>
            <MapView first={firstMap} onMap={onMap}>
              <ExplorerLayers below={yours.layers} />
              <WhatIsHere landLayer={LAYER.noBarangayFill} />
              <AdminMapLayers />
              {matchOpen && (
                <Suspense fallback={null}>
                  <MatchLayers fadedLayer={LAYER.regionsFill} />
                </Suspense>
              )}
            </MapView>
          </ErrorBoundary>
          {matchOpen ? (
            <ErrorBoundary
              fallback={(error) => <AreaUnavailable name="Match a file" className="match" error={error} />}
            >
              <Suspense
                fallback={
                  <p className="match" role="status">
                    Loading “Match a file”…
                  </p>
                }
              >
                <MatchArea onClose={() => setMatchOpen(false)} />
              </Suspense>
            </ErrorBoundary>
          ) : (
            // The panel holds the search feature's boxes and the user's figures; they meet here, as features never
            // import each other.
            <ErrorBoundary
              fallback={(error) => <AreaUnavailable name="The explorer" className="panel" error={error} />}
            >
              <ExplorerPanel
                search={(on) => <SearchBox {...on} />}
                townSearch={(on) => <TownSearch {...on} />}
                figures={yours.panel}
              />
            </ErrorBoundary>
          )}
          {yours.publisher}
          <MapNotices />
          <HoverTooltip />
          <AdminArea />
          <SettingsDialog />
        </main>
      </PlaceFiguresContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * "Add your data", put together with the explorer: its panel in the explorer's, its layers under the step's
 * units, and its figures in the context the explorer's facts, lists and downloads read. Its code loads when
 * the person opens it, or after the first screen when a table of theirs is kept in this browser.
 */
function useYourData() {
  const [asked, setAsked] = useState(false);
  const [figures, setFigures] = useState<PlaceFigures | null>(null);
  const [kept] = useState(hasSavedTable);
  const firstScreen = useFirstScreenDrawn();
  const loaded = asked || (kept && firstScreen);
  const ask = () => setAsked(true);
  return {
    figures,
    layers: loaded
      ? (place: StepPlace) => (
          <Suspense fallback={null}>
            <YourDataLayers place={place} />
          </Suspense>
        )
      : undefined,
    panel: (place: StepPlace) =>
      loaded ? (
        <Suspense fallback={<AddYourData loading onOpen={ask} />}>
          <YourDataPanel place={place} open={asked} />
        </Suspense>
      ) : (
        <AddYourData onOpen={ask} />
      ),
    publisher: loaded && (
      <Suspense fallback={null}>
        <YourDataFigures onChange={setFigures} />
      </Suspense>
    ),
  };
}

/** "Add your data" before its code has loaded: opening it loads it. */
function AddYourData({ onOpen, loading = false }: { onOpen: () => void; loading?: boolean }) {
  return (
    <details className="your-data" open={loading} onToggle={(e) => e.currentTarget.open && onOpen()}>
      <summary>Add your data</summary>
      <p role="status">Loading…</p>
    </details>
  );
}

/** The admin forms' layers (picking a region's members, its preview), inside the map while the admin area is open. */
function AdminMapLayers() {
  const [adminOpen] = useAdminRoute();
  if (!adminOpen) return null;
  return (
    <Suspense fallback={null}>
      <AdminLayers />
    </Suspense>
  );
}

/**
 * The toolbar, the admin area and the API reference, which open over the explorer; kept apart so the URL re-renders
 * only this.
 */
function AdminArea() {
  const [adminOpen, setAdminOpen] = useAdminRoute();
  const [matchOpen, setMatchOpen] = useMatchRoute();
  const [apiOpen, setApiOpen] = useApiDocsRoute();
  const [view, navigate] = useExplorerView();
  return (
    <>
      <div className="toolbar">
        <CopyLink />
        <button type="button" aria-expanded={matchOpen} onClick={() => setMatchOpen(!matchOpen)}>
          Match a file
        </button>
        <button type="button" aria-expanded={adminOpen} onClick={() => setAdminOpen(!adminOpen)}>
          Admin
        </button>
        <button type="button" aria-expanded={apiOpen} onClick={() => setApiOpen(!apiOpen)}>
          API docs
        </button>
      </div>
      {apiOpen && (
        <ErrorBoundary
          fallback={(error) => <AreaUnavailable name="The API reference" className="api-docs" error={error} />}
        >
          <Suspense
            fallback={
              <p className="admin panel-status" role="status">
                Loading the API reference…
              </p>
            }
          >
            <ApiReference onClose={() => setApiOpen(false)} />
          </Suspense>
        </ErrorBoundary>
      )}
      {adminOpen && (
        <ErrorBoundary fallback={(error) => <AreaUnavailable name="The admin area" className="admin" error={error} />}>
          <Suspense
            fallback={
              <p className="admin panel-status" role="status">
                Loading the admin area…
              </p>
            }
          >
            <AdminPanel
              onClose={() => setAdminOpen(false)}
              onShow={(target) => {
                navigate({ ...target, level: view.level });
                // On a phone the admin sheet covers the explorer: step aside to show the record.
                if (window.matchMedia(`(max-width: ${NARROW_WIDTH - 1}px)`).matches) setAdminOpen(false);
              }}
              // The explorer leaves a unit undone under it, to the step above, before anything is read again.
              onGone={({ kind, id }) => {
                if (kind === 'region' && view.region === id) navigate({ level: view.level });
                if (kind === 'province' && view.province === id) navigate({ region: view.region, level: view.level });
              }}
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}

/**
 * The first stops of the Tab key, shown only when focused: straight to the places list, the search box or the
 * admin area, past the map's controls and the regions' names (the Admin button was the 191st stop in Davao
 * City's view). The admin area focuses its own heading when it opens.
 */
function SkipLinks() {
  const [adminOpen, setAdminOpen] = useAdminRoute();
  const focus = (selector: string) => document.querySelector<HTMLElement>(selector)?.focus();
  return (
    <nav className="skip-links" aria-label="Skip to">
      <button type="button" onClick={() => focus('.panel .panel-title')}>
        Skip to the places
      </button>
      <button type="button" onClick={() => focus('.panel .search input')}>
        Skip to search
      </button>
      <button type="button" onClick={() => (adminOpen ? focus('#admin-title') : setAdminOpen(true))}>
        Skip to the admin area
      </button>
    </nav>
  );
}

/**
 * An area's chunk failed to load (the network dropped it). A reload, because browsers remember a module that
 * failed; nothing is lost by it (the view is in the URL, form drafts in sessionStorage, matched files in IndexedDB).
 */
function AreaUnavailable({ name, className, error }: { name: string; className: string; error: Error }) {
  return (
    <div className={className} role="alert">
      <p>
        {name} could not be loaded: {error.message}
      </p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
