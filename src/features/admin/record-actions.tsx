import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { failureOf } from './form.ts';
import { type RecordRef, useRenaming } from './mutations.ts';

/** The undo mutation, shared by the list's records: it outlives the record it removes, and says what comes next. */
export type UndoMutation = UseMutationResult<unknown, Error, RecordRef>;

/** Where a record is in the list of created ones: its element, found to give it the focus. */
export const recordKey = ({ kind, id }: RecordRef) => `${kind}-${id}`;

/** Gives the focus to a record's first button (its name) if it is listed now; says whether it was. */
export function focusRecord(record: RecordRef): boolean {
  const button = document.querySelector<HTMLElement>(`[data-record="${recordKey(record)}"] button`);
  button?.focus();
  return Boolean(button);
}

/**
 * A button that opens something in its own place (a confirmation, a form): the focus goes into what opens (its
 * `inside` element), and back to the button when it closes, rather than to the page's body.
 */
function useOpenInPlace<T extends HTMLElement>() {
  const [open, setOpen] = useState(false);
  const [returning, setReturning] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const inside = useRef<T>(null);
  useEffect(() => {
    if (open) inside.current?.focus();
    else if (returning) toggle.current?.focus();
  }, [open, returning]);
  const show = () => {
    setReturning(false);
    setOpen(true);
  };
  const hide = () => {
    setReturning(true);
    setOpen(false);
  };
  return { open, toggle, inside, show, hide };
}

/**
 * Undoing a created region or province (DELETE), after a confirmation that says what happens: its places go back
 * to where they were. The confirmation takes the focus; once undone, the record leaves the list and the focus goes
 * to the undone ones (CreatedRecords). A refusal (a region that still holds created provinces) is said beside it.
 */
export function Undo({ record, name, undo }: { record: RecordRef; name: string; undo: UndoMutation }) {
  const asking = useOpenInPlace<HTMLButtonElement>();
  const mine = undo.variables?.kind === record.kind && undo.variables.id === record.id;
  if (!asking.open) {
    return (
      <button ref={asking.toggle} type="button" className="link" onClick={asking.show} aria-label={`Undo ${name}`}>
        Undo
      </button>
    );
  }
  return (
    <fieldset className="confirm" aria-label={`Undo ${name}?`}>
      <p>
        Undo {name}? It is deleted, and every place moved into it goes back to the {record.kind} it came from.
      </p>
      <div className="confirm-buttons">
        <button
          ref={asking.inside}
          type="button"
          aria-busy={mine && undo.isPending}
          onClick={() => undo.mutate(record)}
        >
          {mine && undo.isPending ? 'Undoing…' : `Undo ${record.kind}`}
        </button>
        <button type="button" className="link" onClick={asking.hide}>
          Keep it
        </button>
      </div>
      {mine && undo.error && (
        <p className="form-error" role="alert">
          Not undone: {undo.error.message}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Renaming or recoding a created unit in place (PATCH): the form takes the focus when it opens, and gives it back
 * to its Rename button when saved or cancelled. The service's refusal is said beside it.
 */
export function Rename({ record, name, code }: { record: RecordRef; name: string; code: string }) {
  const editing = useOpenInPlace<HTMLInputElement>();
  const [draft, setDraft] = useState({ name, code });
  const rename = useRenaming();
  if (!editing.open) {
    return (
      <button
        ref={editing.toggle}
        type="button"
        className="link"
        aria-label={`Rename ${name}`}
        onClick={() => {
          setDraft({ name, code });
          rename.reset();
          editing.show();
        }}
      >
        Rename
      </button>
    );
  }
  const failure = rename.error ? failureOf(rename.error, { name: 'name', code: 'code' } as const) : undefined;
  const message = failure && (failure.form ?? Object.values(failure.fields)[0]);
  const id = recordKey(record);
  return (
    <form
      className="rename"
      aria-label={`Rename ${name}`}
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate(
          { ...record, change: { name: draft.name.trim(), code: draft.code.trim().toUpperCase() } },
          { onSuccess: editing.hide },
        );
      }}
    >
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        ref={editing.inside}
        id={`${id}-name`}
        value={draft.name}
        autoComplete="off"
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <label htmlFor={`${id}-code`}>Short code</label>
      <input
        id={`${id}-code`}
        value={draft.code}
        autoComplete="off"
        autoCapitalize="characters"
        onChange={(e) => setDraft({ ...draft, code: e.target.value })}
      />
      <div className="confirm-buttons">
        <button type="submit" aria-busy={rename.isPending}>
          {rename.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="link" onClick={editing.hide}>
          Cancel
        </button>
      </div>
      {message && (
        <p className="form-error" role="alert">
          Not renamed: {message}
        </p>
      )}
    </form>
  );
}
