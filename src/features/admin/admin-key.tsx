import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { create } from 'zustand';
import { roleOfKey } from '../../api/audit.ts';
import { adminKey, setAdminKey } from '../../api/client.ts';
import { useConfig } from '../../config/config-context.ts';

/**
 * Whether this tab holds an admin key a person entered. UI state only: the key itself stays where the
 * client keeps it (sessionStorage), and a built app never carries one.
 */
const useKeyStore = create(() => ({ held: adminKey() !== null, asked: 0 }));
export const useAdminKeyHeld = () => useKeyStore((s) => s.held);
/** Whether the admin area may change the map as things stand: the built-in service, or an admin key entered. */
export const useMayChange = () => {
  const held = useAdminKeyHeld();
  const { builtInService } = useConfig();
  return held || builtInService;
};
const keyHeld = (key: string | null) => {
  setAdminKey(key);
  useKeyStore.setState({ held: key !== null });
};
/** A refusal of the admin key held (revoked, or mistyped): it is dropped, and asked for again. */
export const adminKeyRefused = () => {
  keyHeld(null);
  adminKeyAsked();
};
/** A write refused for want of an admin key: the admin key's field takes the focus. */
export const adminKeyAsked = () => useKeyStore.setState(({ asked }) => ({ asked: asked + 1 }));

const ADMIN_KEY_FIELD = 'admin-key';

const SAID = {
  read: 'That is a read key: it shows the map but cannot change it. Ask whoever runs the server for an admin key.',
  unknown: 'The server does not know that key. Check it, or ask whoever runs the server for an admin key.',
};

/**
 * Asks for an admin key when the app talks to a server (the built-in service is local and open, and needs none),
 * checks it with the server before keeping it, and says plainly when it is a read key.
 */
export function AdminKey() {
  const { builtInService } = useConfig();
  const held = useAdminKeyHeld();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string>();
  const [checking, setChecking] = useState(false);
  const queryClient = useQueryClient();
  const hint = useId();
  const asked = useKeyStore((s) => s.asked);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (asked) field.current?.focus();
  }, [asked]);
  if (builtInService) return null;
  if (held) {
    return (
      <section className="admin-key" aria-label="Admin key">
        <p className="panel-status">Changes are made with the admin key you entered, kept for this tab only.</p>
        <button
          type="button"
          className="link"
          onClick={() => {
            keyHeld(null);
            void queryClient.resetQueries({ queryKey: ['audit'] });
          }}
        >
          Forget the admin key
        </button>
      </section>
    );
  }
  return (
    <form
      className="admin-key"
      aria-label="Admin key"
      onSubmit={async (e) => {
        e.preventDefault();
        const key = draft.trim();
        if (!key || checking) return;
        setChecking(true);
        setProblem(undefined);
        try {
          const role = await roleOfKey(key);
          if (role === 'admin') {
            keyHeld(key);
            setDraft('');
            void queryClient.invalidateQueries({ queryKey: ['audit'] });
          } else setProblem(SAID[role]);
        } catch (error) {
          setProblem(`The key could not be checked: ${(error as Error).message}`);
        } finally {
          setChecking(false);
        }
      }}
    >
      <p id={hint}>
        This server lets anyone with its key look at the map; changing it needs an admin key. It is kept for this tab
        only.
      </p>
      <label htmlFor={ADMIN_KEY_FIELD}>Admin key</label>
      <input
        ref={field}
        id={ADMIN_KEY_FIELD}
        type="password"
        autoComplete="off"
        aria-describedby={hint}
        aria-invalid={problem ? true : undefined}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        required
      />
      <button type="submit" aria-busy={checking}>
        {checking ? 'Checking…' : 'Use admin key'}
      </button>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
