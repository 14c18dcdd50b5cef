/** MapLibre 6 needs WebGL2; where the browser has none, explain instead of showing a blank page. */
export function MapUnavailable({ error }: { error: Error }) {
  return (
    <div className="map-fallback" role="alert">
      <div>
        <h1>The map cannot be shown</h1>
        <p>This browser could not start the map (it needs WebGL 2). {error.message}</p>
      </div>
    </div>
  );
}
