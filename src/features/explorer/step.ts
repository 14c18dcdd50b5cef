import type { DetailLevel } from '../../contract/types.ts';
import type { Step, StepKind } from './steps/spec.ts';
import { type AnyStepSpec, childOf, PLACE_KEYS, STEP_ORDER, STEPS } from './steps/steps.ts';
import type { ExplorerView } from './view.ts';

export type { Step, StepKind } from './steps/spec.ts';

/**
 * The step a view shows, derived once from the URL's selection (and the zoom's detail, where the link fixes none):
 * down the steps' table (`order`, the one of `STEPS` but in tests) for as long as the view names each kind's
 * place, or a place below implies it (`impliedBy`; a kind none implies is passed over), each step holding the
 * ids above it.
 */
export function stepOf(view: ExplorerView, zoomLevel: DetailLevel, order = STEP_ORDER): Step {
  const at = { level: view.level, detail: view.level ?? zoomLevel };
  const [top, ...down] = order;
  let step = { ...at, kind: top.kind, key: top.kind, units: top.units } as Step;
  for (const { kind, viewKey, units, impliedBy } of down) {
    const id = viewKey && (view[viewKey] ?? impliedBy?.(view));
    // A kind its places below do not imply (a region in no group) is passed over: the way goes on without it.
    if (id === undefined && impliedBy) continue;
    if (!viewKey || id === undefined) break;
    step = { ...step, kind, key: `${kind}:${id}`, units, parent: step, [viewKey]: id } as Step;
  }
  if (!step.parent) return view.batch ? { ...step, batch: view.batch } : step;
  return view.barangay && childOf(step.kind) === 'barangay' ? { ...step, barangay: view.barangay } : step;
}

/**
 * The view that opens a step: its ids and the detail the link fixes. No barangay is chosen in it, and the
 * country is the country itself, not the regions drawn together there (a region opened, or the country crumb,
 * leaves them behind; the batch list sets its own).
 */
export function viewOfStep(step: Step): ExplorerView {
  const ids = Object.fromEntries(PLACE_KEYS.map((key) => [key, step[key]]));
  return dropUndefined({ level: step.level, ...ids });
}

/**
 * The view one step down from a step: a region of the country, a province of a region, a town, a barangay. A place
 * chosen so (from a list or on the map) is not the place last searched: the search's marker is left behind, or a
 * link would mark one place and name another.
 */
export function below(step: Step, id: string | number): ExplorerView {
  const child = childOf(step.kind);
  return child === 'barangay'
    ? { ...viewOfStep(step), barangay: String(id), marker: undefined }
    : placeIn(step, STEPS[child], id);
}

/** The view of a step with a place of a kind below it chosen, by the id its spec reads (a town's, a number). */
const placeIn = (step: Step, { viewKey, idOf }: AnyStepSpec, id: string | number): ExplorerView =>
  viewKey ? { ...viewOfStep(step), [viewKey]: idOf?.(String(id)) ?? String(id), marker: undefined } : viewOfStep(step);

/**
 * The view that opens a place of a kind from the step shown (a click on the map, on a unit of that kind or on a
 * place around): one step down from the step whose units such places are, where it is on the way down. A kind
 * implied by the places below it (`impliedBy`) is left out, from the step above it down: the place alone names
 * it, so a click at the country, or on a place in another group, opens it in its own. Undefined where the step
 * shown is above that.
 */
export function openingOf(step: Step, kind: StepKind, id: string | number, order = STEP_ORDER) {
  const at = order.findIndex((s) => s.kind === kind);
  let above = at - 1;
  while (above > 0 && order[above].impliedBy) above--;
  const from = above >= 0 ? stepAt(step, order[above].kind) : undefined;
  return from && placeIn(from, order[at], id);
}

/** The step of this kind on the way down to a step (itself, or one above it); undefined if it is higher up. */
export function stepAt(step: Step, kind: StepKind): Step | undefined {
  for (let s: Step | undefined = step; s; s = s.parent) if (s.kind === kind) return s;
  return undefined;
}

/** The steps from the country down to this one. */
export function wayDown(step: Step): Step[] {
  return step.parent ? [...wayDown(step.parent), step] : [step];
}

const dropUndefined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
