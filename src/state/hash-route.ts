import { useCallback, useSyncExternalStore } from 'react';

/**
 * An area of the app that opens over the explorer while the address ends in its hash (#admin, #match): a link
 * opens it, the browser's back button closes it, and the explorer's own navigation (which keeps the hash) leaves
 * it open. One area at a time: opening one replaces the other's hash.
 */
const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

export function useHashRoute(hash: `#${string}`) {
  const isOpen = useCallback(() => window.location.hash === hash, [hash]);
  const open = useSyncExternalStore(subscribe, isOpen);
  const setOpen = useCallback(
    (next: boolean) => {
      if (next === isOpen()) return;
      const url = `${window.location.pathname}${window.location.search}${next ? hash : ''}`;
      window.history.pushState(null, '', url);
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    },
    [hash, isOpen],
  );
  return [open, setOpen] as const;
}
