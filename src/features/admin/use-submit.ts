import type { UseMutationResult } from '@tanstack/react-query';
import { type MouseEvent, useRef, useState } from 'react';
import { adminKey } from '../../api/client.ts';
import { settingsOpened } from '../../state/ui-store.ts';
import { adminKeyAsked, adminKeyRefused } from './admin-key.tsx';
import { type FieldErrors, failureOf } from './form.ts';

/**
 * One submission at a time: a second click (or Enter) while a request is on its way is ignored, and so is the
 * second click of a double click on the submit button, whenever it comes (the form wires `ignoreRepeatClicks`), so
 * a double click creates one record. Errors land on their fields, focus goes to the first one, and the typed
 * values stay; a refused key opens the key settings.
 */
export function useSubmit<F extends string, Body, Created>(
  form: string,
  mutation: UseMutationResult<Created, Error, Body>,
  wire: Record<string, F>,
) {
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string>();
  const [created, setCreated] = useState<Created | null>(null);
  const inFlight = useRef(false);

  const showErrors = (fields: FieldErrors<F>) => {
    setErrors(fields);
    const first = Object.keys(fields)[0];
    if (first) document.getElementById(`${form}-${first}`)?.focus();
  };

  const submit = (checked: FieldErrors<F>, body: Body, onCreated: (created: Created) => void) => {
    if (inFlight.current) return;
    setFormError(undefined);
    setCreated(null);
    showErrors(checked);
    if (Object.keys(checked).length) return;
    inFlight.current = true;
    mutation.mutate(body, {
      onSuccess: (record) => {
        setCreated(record);
        onCreated(record);
      },
      onError: (error) => {
        const failure = failureOf(error, wire);
        showErrors(failure.fields);
        if (failure.unauthorized && adminKey()) {
          // The admin key entered was refused (revoked, or mistyped): dropped, and asked for again.
          adminKeyRefused();
          setFormError('Not saved: the server refused the admin key. Enter an admin key, then try again.');
          return;
        }
        setFormError(failure.form);
        if (failure.unauthorized) settingsOpened();
        if (failure.needsAdminKey) adminKeyAsked();
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  /** Editing a field clears its error: the message was about the old value. */
  const edited = (field: F) => {
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest as FieldErrors<F>);
  };

  /**
   * For the form's onClickCapture: a double click is one action. On a busy page its second click can be taken after
   * the first one's answer has come back and emptied the form; taken then, it would submit the empty form, and
   * "Enter a name." would replace "Created region …" (seen beside stress-ng --cpu 2).
   */
  const ignoreRepeatClicks = (e: MouseEvent<HTMLFormElement>) => {
    if (e.detail > 1 && (e.target as Element).closest('button[type="submit"]')) e.preventDefault();
  };

  return { errors, formError, created, submit, edited, ignoreRepeatClicks, pending: mutation.isPending };
}
