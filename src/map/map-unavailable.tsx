import { useEffect } from 'react';
import { firstScreenGivenUp } from '../state/first-screen.ts';

/** MapLibre 6 needs WebGL2; where the browser has none, explain instead of showing a blank page. */
export function MapUnavailable({ error }: { error: Error }) {
  // No regions will be drawn: what waits for them (the service's worker, the rest of the code list) goes ahead.
  useEffect(firstScreenGivenUp, []);
  return (
    <div className="map-fallback" role="alert">
      <div>
        <h1>The map cannot be shown</h1>
        <p>This browser could not start the map (it needs WebGL 2). {error.message}</p>
      </div>
    </div>
  );
}
