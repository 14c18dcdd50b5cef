import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { ExplorerLayers, ExplorerPanel } from '../features/explorer/explorer.tsx';
import { HoverTooltip } from '../features/explorer/tooltip.tsx';
import { SettingsDialog } from '../features/settings/settings-dialog.tsx';
import { MapErrorBoundary } from '../map/map-error-boundary.tsx';
import { MapView } from '../map/map-view.tsx';
import { settingsOpened } from '../state/ui-store.ts';
import { createQueryClient } from './query-client.ts';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <main className="app">
        <MapErrorBoundary>
          <MapView>
            <ExplorerLayers />
          </MapView>
        </MapErrorBoundary>
        <ExplorerPanel />
        <HoverTooltip />
        <button type="button" className="settings-button" onClick={settingsOpened}>
          API key
        </button>
        <SettingsDialog />
      </main>
    </QueryClientProvider>
  );
}
