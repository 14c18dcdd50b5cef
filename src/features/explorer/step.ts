import type { DetailLevel } from '../../contract/types.ts';
import type { Step, StepKind } from './steps/spec.ts';
import { STEPS } from './steps/steps.ts';
import type { ExplorerView } from './view.ts';

export type { Step, StepKind } from './steps/spec.ts';

/** The step a view shows, derived once from the URL's selection (and the zoom's detail, where the link fixes none). */
export function stepOf(view: ExplorerView, zoomLevel: DetailLevel): Step {
  const at = { level: view.level, detail: view.level ?? zoomLevel };
  const { region: r, province: p, municity: m } = view;
  const country: Step = { ...at, kind: 'country', key: 'country', units: STEPS.country.units };
  if (!r) return view.batch ? { ...country, batch: view.batch } : country;
  const region: Step = { ...at, ...named('region', r), parent: country, region: r };
  if (!p) return region;
  const province: Step = { ...at, ...named('province', p), parent: region, region: r, province: p };
  if (!m) return province;
  const town: Step = { ...at, ...named('municity', m), parent: province, region: r, province: p, municity: m };
  return view.barangay ? { ...town, barangay: view.barangay } : town;
}

/** A step's kind, its key and what its units are. */
const named = <K extends StepKind>(kind: K, id: string | number) => ({
  kind,
  key: `${kind}:${id}`,
  units: STEPS[kind].units,
});

/**
 * The view that opens a step: its ids and the detail the link fixes. No barangay is chosen in it, and the
 * country is the country itself, not the regions drawn together there (a region opened, or the country crumb,
 * leaves them behind; the batch list sets its own).
 */
export function viewOfStep(step: Step): ExplorerView {
  const { region, province, municity, level } = step;
  return dropUndefined({ level, region, province, municity });
}

/**
 * The view one step down from a step: a region of the country, a province of a region, a town, a barangay. A place
 * chosen so (from a list or on the map) is not the place last searched: the search's marker is left behind, or a
 * link would mark one place and name another.
 */
export function below(step: Step, id: string | number): ExplorerView {
  const here = viewOfStep(step);
  const { child } = STEPS[step.kind];
  return { ...here, [child]: child === 'municity' ? Number(id) : String(id), marker: undefined };
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
