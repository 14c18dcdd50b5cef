import { placeOfView } from './compare.ts';
import { CompareTable, placeName } from './compare-panel.tsx';
import { samePlace } from './place-ref.ts';
import { type Step, viewOfStep } from './step.ts';
import type { Comparison } from './use-comparison.ts';
import { usePlace } from './use-place.ts';

/**
 * Compare two places, in the panel: "Compare with…" on a place's step makes it the first; the person then goes to
 * any other place (the lists, the map, the search) and presses "Compare with <the first>"; the two places' facts
 * are then shown side by side above the step, until the comparison is left. Every part is a button, so the
 * keyboard does it all, and every state is in the link.
 */
export function CompareControls({ step, comparison }: { step: Step; comparison: Comparison }) {
  const here = placeOfView(viewOfStep(step));
  const { state, places } = comparison;
  const first = usePlace(places[0], step.detail);
  const second = usePlace(places[1], step.detail);
  if (state === 'none')
    return here ? (
      <div className="compare-controls">
        <button type="button" onClick={() => comparison.start(here)}>
          Compare with…
        </button>
      </div>
    ) : null;
  const firstName = placeName(first, 'the first place');
  if (state === 'picking') {
    const canPick = !!here && !samePlace(here, places[0]);
    return (
      <section className="compare-controls compare-picking" aria-label="Compare two places">
        <p role="status">
          Comparing {firstName}: go to the second place (a list, the map or the search), then press “Compare with{' '}
          {firstName}”.
        </p>
        <div className="compare-buttons">
          <button type="button" disabled={!canPick} onClick={() => comparison.pick(viewOfStep(step))}>
            Compare with {firstName}
          </button>
          <button type="button" onClick={comparison.leave}>
            Cancel
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="compare-controls" aria-label="Compare two places">
      <h2 className="facts-title">
        {firstName} and {placeName(second, 'the second place')}
      </h2>
      <CompareTable pair={[first, second]} />
      <div className="compare-buttons">
        <button type="button" onClick={comparison.swap}>
          Swap
        </button>
        <button type="button" onClick={comparison.pickAgain}>
          Pick another second place
        </button>
        <button type="button" onClick={comparison.leave}>
          Leave the comparison
        </button>
      </div>
    </section>
  );
}
