import { useCallback, useState } from 'react';

/**
 * Form state that outlives the form: what was typed is kept in sessionStorage until it is saved, so closing
 * the admin area, a failed request or a reload never loses it.
 */
export function useDraft<T extends object>(name: string, empty: T) {
  const key = `kapuluan.draft.${name}`;
  const [draft, setDraftState] = useState<T>(() => {
    try {
      const stored = JSON.parse(sessionStorage.getItem(key) ?? 'null') as Partial<T> | null;
      return stored && typeof stored === 'object' ? { ...empty, ...stored } : empty;
    } catch {
      return empty;
    }
  });
  const setDraft = useCallback(
    (next: T) => {
      setDraftState(next);
      sessionStorage.setItem(key, JSON.stringify(next));
    },
    [key],
  );
  const clear = useCallback(() => {
    setDraftState(empty);
    sessionStorage.removeItem(key);
  }, [key, empty]);
  return [draft, setDraft, clear] as const;
}
