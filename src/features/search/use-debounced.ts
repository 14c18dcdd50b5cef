import { useCallback, useEffect, useRef, useState } from 'react';

/** The value, once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  return useFlushableDebounced(value, ms)[0];
}

/**
 * `useDebounced`, with a flush that takes the current value at once (an Enter need not wait for the pause), and
 * `maxWait`: a value that keeps changing is taken at least that long after its first change not yet taken, as
 * lodash's `debounce` does with the same option. A person typing a name at a steady pace never pauses for `ms`
 * between keys, and would otherwise see nothing until the last one.
 */
export function useFlushableDebounced<T>(value: T, ms: number, maxWait = Number.POSITIVE_INFINITY): [T, () => void] {
  const [debounced, setDebounced] = useState(value);
  /** When the first change not yet taken was seen (the page's clock), or null while there is none. */
  const waitingSince = useRef<number | null>(null);
  useEffect(() => {
    if (Object.is(value, debounced)) {
      waitingSince.current = null;
      return;
    }
    const now = performance.now();
    waitingSince.current ??= now;
    const wait = Math.max(0, Math.min(ms, waitingSince.current + maxWait - now));
    const timer = setTimeout(() => setDebounced(value), wait);
    return () => clearTimeout(timer);
  }, [value, debounced, ms, maxWait]);
  const flush = useCallback(() => setDebounced(value), [value]);
  return [debounced, flush];
}
