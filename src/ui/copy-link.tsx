import { useEffect, useRef, useState } from 'react';

/**
 * "Copy link" (issue 35): the view's link, which restores it (the URL holds the selection), to the clipboard.
 * Where the clipboard is refused (an insecure origin, a denied permission), the link is shown selected in a field
 * so it can be copied by hand.
 */
export function CopyLink() {
  const [state, setState] = useState<'idle' | 'copied' | 'manual'>('idle');
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state === 'copied') {
      const timer = setTimeout(() => setState('idle'), 2500);
      return () => clearTimeout(timer);
    }
    if (state === 'manual') field.current?.select();
  }, [state]);
  return (
    <span className="copy-link">
      <button
        type="button"
        onClick={() => {
          const link = window.location.href;
          navigator.clipboard?.writeText(link).then(
            () => setState('copied'),
            () => setState('manual'),
          ) ?? setState('manual');
        }}
      >
        Copy link
      </button>
      <span role="status" className="copy-link-status">
        {state === 'copied' && 'Link copied'}
      </span>
      {state === 'manual' && (
        <label className="copy-link-manual">
          Copy this link
          <input ref={field} readOnly value={window.location.href} onBlur={() => setState('idle')} />
        </label>
      )}
    </span>
  );
}
