import { useEffect, useId, useState } from 'react';

export interface PickOption {
  id: string;
  name: string;
  /** What tells two places of the same name apart (the province, the kind and region). */
  tag: string;
  chosen: boolean;
}

/**
 * A search field whose results are picked with the keyboard as well as the mouse: the ARIA combobox
 * pattern, with the arrows moving through the results, Enter or Space taking the one shown as active, and
 * Escape closing the list. Enter in the field never submits the form around it: it picks, or does nothing.
 * Each result is an option that says whether it is chosen (aria-selected); choosing one again takes it out.
 */
export function PickList({
  label,
  text,
  onText,
  options,
  status,
  busy = false,
  disabled = false,
  onToggle,
}: {
  label: string;
  text: string;
  onText: (text: string) => void;
  /** The results, or undefined while there is nothing to show (too short a query). */
  options: PickOption[] | undefined;
  /** Said in the list instead of options: no results, an error, a hint. */
  status?: string;
  busy?: boolean;
  disabled?: boolean;
  onToggle: (option: PickOption) => void;
}) {
  const id = useId();
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(true);
  const count = options?.length ?? 0;
  // New results: nothing is active until the arrows say so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the results change, by their ids
  useEffect(() => setActive(-1), [options?.map((o) => o.id).join()]);
  const shown = open && (options !== undefined || status !== undefined);
  const optionId = (i: number) => `${id}-option-${i}`;

  return (
    <>
      <label htmlFor={`${id}-search`}>{label}</label>
      <input
        id={`${id}-search`}
        type="search"
        role="combobox"
        value={text}
        autoComplete="off"
        disabled={disabled}
        aria-autocomplete="list"
        aria-expanded={shown && count > 0}
        aria-controls={`${id}-found`}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        onChange={(e) => {
          onText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // Never the form's submit: a key press in a search field creates nothing.
            e.preventDefault();
            if (shown && options && active >= 0 && options[active]) onToggle(options[active]);
          } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            setOpen(true);
            if (!count) return;
            const step = e.key === 'ArrowDown' ? 1 : -1;
            setActive((a) => (a < 0 ? (step > 0 ? 0 : count - 1) : (a + step + count) % count));
          } else if (e.key === 'Escape' && shown) {
            e.preventDefault();
            setOpen(false);
            setActive(-1);
          }
        }}
      />
      {shown && (
        <div
          id={`${id}-found`}
          className="list found-members"
          role="listbox"
          aria-label={`${label}: results`}
          aria-multiselectable="true"
          aria-busy={busy}
        >
          {status !== undefined && (
            <div className="panel-status" role="presentation">
              {status}
            </div>
          )}
          {options?.map((option, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the combobox's, on the field (ARIA pattern)
            <div
              key={option.id}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={option.chosen}
              className={i === active ? 'pick-option active' : 'pick-option'}
              onMouseDown={(e) => e.preventDefault()} // the field keeps the focus
              onClick={() => {
                setActive(i);
                onToggle(option);
              }}
            >
              <span className="pick-mark" aria-hidden="true">
                {option.chosen ? '✓' : ''}
              </span>
              {option.name}
              <span className="tag">{option.tag}</span>
            </div>
          ))}
        </div>
      )}
    </>
  );
}
