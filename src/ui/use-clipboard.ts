import { useCallback, useEffect, useState } from 'react';

/** How long "Copied" is said before the button reads as before. */
const COPIED_MS = 2500;

/**
 * Copies text to the clipboard and says how it went, for every copy button (the view's link, a place's code):
 * `copied` for a few seconds, then `idle` again; `refused` where the clipboard is refused (an insecure origin, a
 * denied permission), so the caller offers the text to copy by hand, until `reset`.
 */
export function useClipboard() {
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');
  useEffect(() => {
    if (state !== 'copied') return;
    const timer = setTimeout(() => setState('idle'), COPIED_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = useCallback((text: string) => {
    const written = navigator.clipboard?.writeText(text);
    if (!written) return setState('refused');
    written.then(
      () => setState('copied'),
      () => setState('refused'),
    );
  }, []);
  const reset = useCallback(() => setState('idle'), []);
  return { state, copy, reset };
}
