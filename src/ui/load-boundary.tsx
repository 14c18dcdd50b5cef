import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/**
 * Catches a part of the app that failed to load or render (a lazy chunk the network dropped), says so and
 * offers a reload, instead of taking the whole page down. A reload, because browsers remember a module that
 * failed to load; nothing is lost by it (the view is in the URL, form drafts in sessionStorage).
 */
export class LoadBoundary extends Component<{ what: string; className?: string; children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className={this.props.className} role="alert">
        <p>
          The {this.props.what} could not be loaded: {this.state.error.message}
        </p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
