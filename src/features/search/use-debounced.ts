import { useCallback, useEffect, useState } from 'react';

/** The value, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  return useFlushableDebounced(value, ms)[0];
}

/** `useDebounced`, with a flush that takes the current value at once (an Enter need not wait for the pause). */
export function useFlushableDebounced<T>(value: T, ms: number): [T, () => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  const flush = useCallback(() => setDebounced(value), [value]);
  return [debounced, flush];
}
