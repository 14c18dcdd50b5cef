import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api/client.ts';
import { settingsOpened } from '../state/ui-store.ts';

/**
 * Loading, error and empty states for one query, the same in every panel. An error offers a retry; a 401 says
 * the key was refused and opens the key settings.
 */
export function QueryState<T>({
  query,
  what,
  isEmpty,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p className="panel-status" role="status">
        Loading {what}…
      </p>
    );
  }
  if (query.isError) {
    const error = query.error;
    const unauthorized = error instanceof ApiError && error.status === 401;
    return (
      <div className="panel-status" data-kind="error" role="alert">
        <p>
          {unauthorized
            ? 'The service refused the API key.'
            : `${what[0].toUpperCase()}${what.slice(1)} could not be loaded: ${error.message}`}
        </p>
        {unauthorized ? (
          <button type="button" onClick={settingsOpened}>
            Enter an API key
          </button>
        ) : (
          <button type="button" onClick={() => void query.refetch()}>
            Retry
          </button>
        )}
      </div>
    );
  }
  if (isEmpty?.(query.data)) {
    return (
      <p className="panel-status" role="status">
        No {what}.
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
