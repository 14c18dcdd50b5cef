import { ApiError, isNotFound } from '../api/client.ts';
import { settingsOpened } from '../state/ui-store.ts';

/**
 * A failed request, said the same way everywhere: what could not be loaded and why, with a retry (none for what
 * the service says does not exist); or, when the service refused the key, a way to enter another.
 */
export function ErrorNotice({
  error,
  what,
  onRetry,
  className,
}: {
  error: Error;
  /** What failed, as the subject of a sentence: "Region boundaries". */
  what: string;
  onRetry: () => void;
  className: string;
}) {
  const unauthorized = error instanceof ApiError && error.status === 401;
  // What the service says is not there (an undone region, an old link) will not be there on a retry either.
  const gone = isNotFound(error);
  return (
    <div className={className} data-kind="error" role="alert">
      <p>
        {unauthorized
          ? `The service refused the API key: ${what.toLowerCase()} cannot be loaded.`
          : `${what} could not be loaded: ${error.message}`}
      </p>
      {unauthorized ? (
        <button type="button" onClick={settingsOpened}>
          Enter an API key
        </button>
      ) : gone ? null : (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
