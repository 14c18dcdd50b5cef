import type { DetailLevel } from '../../contract/types.ts';
import type { ExplorerView } from './view.ts';

/** The four steps down; each lists and draws the units of the next (a barangay is chosen within its town's step). */
export type StepKind = 'country' | 'region' | 'province' | 'municity';

/** What each step is called while its name loads, and what its units are. */
export const STEP_KINDS: Record<StepKind, { name: string; units: string }> = {
  country: { name: 'Philippines', units: 'regions' },
  region: { name: 'Region', units: 'provinces' },
  province: { name: 'Province', units: 'cities and municipalities' },
  municity: { name: 'City or municipality', units: 'barangays' },
};

/**
 * Where the explorer stands: the one model of "which step am I on" that the layers, the choropleth, the panel
 * and the URL read. It holds the ids chosen down to it (a province step holds its region's too), the step above
 * it, what its units are and the detail they are drawn at.
 */
export type Step = StepCommon &
  (
    | { kind: 'country' }
    | { kind: 'region'; region: string }
    | { kind: 'province'; region: string; province: string }
    | { kind: 'municity'; region: string; province: string; municity: number }
  );

interface StepCommon {
  kind: StepKind;
  /** One step, whatever else the URL holds: `country`, `region:7`, `province:7022`, `municity:702214`. */
  key: string;
  /** The step above (the way back up); none at the country. */
  parent?: Step;
  /** Region id as the API gives it (numeric 13, or a string id). */
  region?: string;
  /** API province id (7022 for Cebu). */
  province?: string;
  /** Town id (1380600 for Manila). */
  municity?: number;
  /** At a town, the barangay chosen in it (its PSGC code). */
  barangay?: string;
  /** At the country, the region PSGC codes drawn together (the batch view). */
  batch?: string[];
  /** What its units are: "cities and municipalities". */
  units: string;
  /** The detail the link fixes; absent, it follows the zoom. */
  level?: DetailLevel;
  /** The detail its units are drawn at: the one the link fixes, else the one the zoom calls for. */
  detail: DetailLevel;
}

/** The step a view shows, derived once from the URL's selection (and the zoom's detail, where the link fixes none). */
export function stepOf(view: ExplorerView, zoomLevel: DetailLevel): Step {
  const at = { level: view.level, detail: view.level ?? zoomLevel };
  const { region: r, province: p, municity: m } = view;
  const country: Step = { ...at, kind: 'country', key: 'country', units: STEP_KINDS.country.units };
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
  units: STEP_KINDS[kind].units,
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
  const child = { country: 'region', region: 'province', province: 'municity', municity: 'barangay' }[step.kind];
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
