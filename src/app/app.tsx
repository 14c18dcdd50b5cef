import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MapErrorBoundary } from '../map/map-error-boundary.tsx';
import { MapView } from '../map/map-view.tsx';
import { createQueryClient } from './query-client.ts';
import { RegionsLayer } from './regions-layer.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <main className="app">
        <MapErrorBoundary>
          <MapView>
            <RegionsLayer />
          </MapView>
        </MapErrorBoundary>
      </main>
    </QueryClientProvider>
  );
}
