import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** MapLibre 6 needs WebGL2; where the browser has none, explain instead of showing a blank page. */
export class MapErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="map-fallback" role="alert">
        <div>
          <h1>The map cannot be shown</h1>
          <p>This browser could not start the map (it needs WebGL 2). {this.state.error.message}</p>
        </div>
      </div>
    );
  }
}
