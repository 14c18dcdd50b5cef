import { country } from './country.ts';
import { municity } from './municity.ts';
import { province } from './province.ts';
import { region } from './region.ts';
import type { PlaceIds, Step, StepPlaceKey, StepSpec } from './spec.ts';

/**
 * Every kind of step, from the country down, in that order: each kind's units are the places of the next, and
 * the last one's are barangays, chosen within its step. Each is declared in its own file.
 */
export const STEPS = { country, region, province, municity } satisfies Record<
  string,
  StepSpec<unknown, string | number>
>;

/** The kinds of step, as the table names them. */
export type StepKind = keyof typeof STEPS;

/** Any kind's spec, as a module that reads the table sees it (its place's id one of the `PlaceIds`). */
export type AnyStepSpec = StepSpec<unknown, PlaceIds[StepPlaceKey]>;

/** The kinds in their order down, the country first. */
export const STEP_ORDER: readonly AnyStepSpec[] = Object.values(STEPS);

/** The view's keys of the steps' own places, from the top down (`region`, `province`, `municity`). */
export const PLACE_KEYS: readonly StepPlaceKey[] = STEP_ORDER.flatMap((s) => (s.viewKey ? [s.viewKey] : []));

/** The spec of the step shown. */
export const specOf = (step: Pick<Step, 'kind'>): AnyStepSpec => STEPS[step.kind] as AnyStepSpec;

/** What one step down from a kind chooses: the next kind's view key, or a barangay in a town. */
export const childOf = (kind: StepKind): StepPlaceKey | 'barangay' =>
  STEP_ORDER[STEP_ORDER.indexOf(STEPS[kind]) + 1]?.viewKey ?? 'barangay';
