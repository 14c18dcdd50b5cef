import { useEffect, useRef } from 'react';
import { useClipboard } from './use-clipboard.ts';
import './copy-link.css';

/**
 * "Copy link": the view's link, which restores it (the URL holds the selection), to the clipboard.
 * Where the clipboard is refused (an insecure origin, a denied permission), the link is shown selected in a field
 * so it can be copied by hand.
 */
export function CopyLink() {
  const { state, copy, reset } = useClipboard();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (state === 'refused') field.current?.select();
  }, [state]);
  return (
    <span className="copy-link">
      <button type="button" onClick={() => copy(window.location.href)}>
        Copy link
      </button>
      <span role="status" className="copy-link-status">
        {state === 'copied' && 'Link copied'}
      </span>
      {state === 'refused' && (
        <label className="copy-link-manual">
          Copy this link
          <input ref={field} readOnly value={window.location.href} onBlur={reset} />
        </label>
      )}
    </span>
  );
}
