import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** Keeps a part of the app that failed to start or load from taking the whole page down. */
export class ErrorBoundary extends Component<{ fallback: (error: Error) => ReactNode; children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
