import type { Crumb } from './crumbs.ts';
import { type Step, type StepKind, wayDown } from './step.ts';
import { specOf } from './steps/steps.ts';
import type { Navigate } from './view.ts';

/**
 * A link to a place the service does not have (removed, or mistyped): said in place of the step's lists, which
 * would wait for it for ever, with the way up to the step above it.
 */
export function PlaceNotFound({
  step,
  missing,
  crumbs,
  navigate,
}: {
  step: Step;
  missing: StepKind;
  /** The way down to the step (crumbs.ts), one crumb a step. */
  crumbs: Crumb[];
  navigate: Navigate;
}) {
  const at = wayDown(step).findIndex((s) => s.kind === missing);
  const above = crumbs[Math.max(at - 1, 0)];
  return (
    <div className="panel-status" data-kind="error" role="alert">
      <p>
        This {specOf({ kind: missing }).name.toLowerCase()} was not found: the link names one the service does not have.
      </p>
      <button type="button" onClick={() => navigate(above.to)}>
        Up to {above.label}
      </button>
    </div>
  );
}
