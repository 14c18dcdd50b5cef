import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useAdminRoute } from '../features/admin/route.ts';
import { ExplorerLayers } from '../features/explorer/explorer-layers.tsx';
import { MapNotices } from '../features/explorer/map-notices.tsx';
import { ExplorerPanel } from '../features/explorer/panel.tsx';
import { HoverTooltip } from '../features/explorer/tooltip.tsx';
import { useExplorerView } from '../features/explorer/view.ts';
import { SearchBox } from '../features/search/search-box.tsx';
import { TownSearch } from '../features/search/town-search.tsx';
import { WhatIsHere } from '../features/search/what-is-here.tsx';
import { SettingsDialog } from '../features/settings/settings-dialog.tsx';
import { MapUnavailable } from '../map/map-unavailable.tsx';
import { MapView } from '../map/map-view.tsx';
import { NARROW_WIDTH } from '../map/maplibre.ts';
import { SearchMarker } from '../map/search-marker.tsx';
import { settingsOpened } from '../state/ui-store.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { createQueryClient } from './query-client.ts';

// The admin area is for a few users: its code loads when it is first opened.
const AdminPanel = lazy(() => import('../features/admin/admin-panel.tsx').then((m) => ({ default: m.AdminPanel })));

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <main className="app">
        <ErrorBoundary fallback={(error) => <MapUnavailable error={error} />}>
          <MapView>
            <ExplorerLayers />
            <SearchMarker />
            <WhatIsHere />
          </MapView>
        </ErrorBoundary>
        {/* The panel holds the search feature's boxes; they meet here, as features never import each other. */}
        <ExplorerPanel search={(on) => <SearchBox {...on} />} townSearch={(on) => <TownSearch {...on} />} />
        <MapNotices />
        <HoverTooltip />
        <AdminArea />
        <SettingsDialog />
      </main>
    </QueryClientProvider>
  );
}

/** The toolbar and the admin area, which opens over the explorer; kept apart so the URL re-renders only this. */
function AdminArea() {
  const [adminOpen, setAdminOpen] = useAdminRoute();
  const [view, navigate] = useExplorerView();
  return (
    <>
      <div className="toolbar">
        <button type="button" aria-expanded={adminOpen} onClick={() => setAdminOpen(!adminOpen)}>
          Admin
        </button>
        <button type="button" onClick={settingsOpened}>
          API key
        </button>
      </div>
      {adminOpen && (
        <ErrorBoundary fallback={(error) => <AdminUnavailable error={error} />}>
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
            />
          </Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}

/**
 * The admin chunk failed to load (the network dropped it). A reload, because browsers remember a module that
 * failed; nothing is lost by it (the view is in the URL, form drafts in sessionStorage).
 */
function AdminUnavailable({ error }: { error: Error }) {
  return (
    <div className="admin" role="alert">
      <p>The admin area could not be loaded: {error.message}</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
