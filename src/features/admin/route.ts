import { useCallback, useSyncExternalStore } from 'react';

/**
 * The admin area is open while the address ends in #admin: a link opens it, and the explorer's own navigation
 * (which keeps the hash) leaves it open. Kept apart from the panel so the panel's code loads only when needed.
 */
const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const isOpen = () => window.location.hash === '#admin';

export function useAdminRoute() {
  const open = useSyncExternalStore(subscribe, isOpen);
  const setOpen = useCallback((next: boolean) => {
    if (next === isOpen()) return;
    const url = `${window.location.pathname}${window.location.search}${next ? '#admin' : ''}`;
    window.history.pushState(null, '', url);
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, []);
  return [open, setOpen] as const;
}
