import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled control with its error beneath it, tied together for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (props: InputHTMLAttributes<HTMLElement> & { id: string }) => ReactNode;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

/** The name and short code fields both forms start with. */
export function NameAndCode({
  form,
  draft,
  errors,
  change,
  codeHint,
}: {
  form: string;
  draft: { name: string; code: string };
  errors: { name?: string; code?: string };
  change: (field: 'name' | 'code', value: string) => void;
  codeHint: string;
}) {
  return (
    <>
      <Field id={`${form}-name`} label="Name" error={errors.name}>
        {(props) => (
          <input {...props} value={draft.name} autoComplete="off" onChange={(e) => change('name', e.target.value)} />
        )}
      </Field>
      <Field id={`${form}-code`} label="Short code" hint={codeHint} error={errors.code}>
        {(props) => (
          <input
            {...props}
            value={draft.code}
            autoComplete="off"
            autoCapitalize="characters"
            onChange={(e) => change('code', e.target.value)}
          />
        )}
      </Field>
    </>
  );
}
