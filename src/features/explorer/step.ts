import type { DetailLevel } from '../../contract/types.ts';
import type { Step, StepKind } from './steps/spec.ts';
import { childOf, PLACE_KEYS, STEP_ORDER } from './steps/steps.ts';
import type { ExplorerView } from './view.ts';

export type { Step, StepKind } from './steps/spec.ts';

/**
 * The step a view shows, derived once from the URL's selection (and the zoom's detail, where the link fixes none):
 * down the steps' table for as long as the view names each kind's place, each step holding the ids above it.
 */
export function stepOf(view: ExplorerView, zoomLevel: DetailLevel): Step {
  const at = { level: view.level, detail: view.level ?? zoomLevel };
  const [top, ...down] = STEP_ORDER;
  let step = { ...at, kind: top.kind, key: top.kind, units: top.units } as Step;
  for (const { kind, viewKey, units } of down) {
    const id = viewKey && view[viewKey];
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
  return { ...viewOfStep(step), [child]: child === 'municity' ? Number(id) : String(id), marker: undefined };
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
