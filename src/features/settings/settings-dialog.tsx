import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { setApiKey } from '../../api/client.ts';
import { settingsClosed, useSettingsOpen } from '../../state/ui-store.ts';
import './settings.css';

/** The API key for this session: kept in sessionStorage only, never in the URL or the bundle. */
export function SettingsDialog() {
  const open = useSettingsOpen();
  const dialog = useRef<HTMLDialogElement>(null);
  const [key, setKey] = useState('');
  const queryClient = useQueryClient();

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);

  return (
    <dialog ref={dialog} className="settings" aria-labelledby="settings-title" onClose={settingsClosed}>
      <form
        method="dialog"
        onSubmit={() => {
          setApiKey(key.trim() || null);
          setKey('');
          // Every answer may differ with another key: ask again.
          void queryClient.resetQueries();
        }}
      >
        <h2 id="settings-title">API key</h2>
        <p>The key is sent as Authorization: Bearer and kept for this browser session only.</p>
        <label>
          Key
          <input type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} required />
        </label>
        <div className="actions">
          <button type="submit">Use this key</button>
          <button type="button" onClick={settingsClosed}>
            Cancel
          </button>
        </div>
      </form>
    </dialog>
  );
}
