import { ErrorNotice } from '../../ui/error-notice.tsx';
import { compareRows } from './compare.ts';
import { COMPARE_COLOURS } from './compare-layers.ts';
import { factRows } from './fact-rows.ts';
import { FactsVintage } from './facts-card.tsx';
import type { PlaceShown } from './use-place.ts';
import './compare.css';

/** A place's name, or what stands for it while it loads. */
export const placeName = (place: PlaceShown, fallback: string) => place.facts?.name ?? fallback;

/**
 * Two places side by side: each fact of both (the rows of their facts cards, paired), and how the second's
 * figures differ from the first's. A table: each fact a row, headed by its label, the places' columns headed by
 * their names, so a screen reader says which figure is whose. In the narrow panel each fact is a block: its label,
 * the two figures side by side, then the difference (compare.css).
 */
export function CompareTable({ pair }: { pair: [PlaceShown, PlaceShown] }) {
  const [a, b] = pair;
  for (const [place, fallback] of [
    [a, 'The first place'],
    [b, 'The second place'],
  ] as const) {
    if (place.error)
      return (
        <ErrorNotice
          className="panel-status"
          error={place.error}
          what={`The facts of ${placeName(place, fallback.toLowerCase())}`}
          onRetry={place.retry}
        />
      );
    if (place.missing)
      return (
        <p className="panel-status" role="alert">
          {fallback} of this comparison is not in the code list the service answers from. Pick another one.
        </p>
      );
  }
  if (!a.facts || !b.facts)
    return (
      <p className="panel-status" role="status">
        Loading the facts of both places…
      </p>
    );
  const rows = compareRows(factRows(a.facts), factRows(b.facts));
  const [nameA, nameB] = [a.facts.name, b.facts.name];
  return (
    <section className="compare-facts" aria-label="Facts compared">
      <table>
        <caption className="visually-hidden">
          The facts of {nameA} and {nameB}; each difference is {nameB}’s figure less {nameA}’s, and as a share of{' '}
          {nameA}’s
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Fact</span>
            </th>
            <PlaceHeader place={a} colour={COMPARE_COLOURS.a.colour} />
            <PlaceHeader place={b} colour={COMPARE_COLOURS.b.colour} />
            <th scope="col">Difference</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{row.a ?? '–'}</td>
              <td>{row.b ?? '–'}</td>
              <td className="difference">{row.difference}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="compare-note">
        A difference is {nameB}’s figure less {nameA}’s, and as a share of {nameA}’s.
      </p>
      <FactsVintage zip={!!(a.facts.zip_codes?.length || b.facts.zip_codes?.length)} />
    </section>
  );
}

/** A place's column: its name, where it lies, and the colour of its outline on the map. */
function PlaceHeader({ place, colour }: { place: PlaceShown; colour: string }) {
  return (
    <th scope="col">
      <span className="compare-mark" style={{ borderColor: colour }} aria-hidden="true" />
      {place.facts?.name}
      {place.within && (
        <span className="compare-within">
          <span className="visually-hidden">, </span>
          {place.within}
        </span>
      )}
    </th>
  );
}
