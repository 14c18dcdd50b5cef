import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorNotice } from './error-notice.tsx';

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
    const what_ = `${what[0].toUpperCase()}${what.slice(1)}`;
    return (
      <ErrorNotice className="panel-status" error={query.error} what={what_} onRetry={() => void query.refetch()} />
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
