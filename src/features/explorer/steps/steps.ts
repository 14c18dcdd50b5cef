import { country } from './country.ts';
import { municity } from './municity.ts';
import { province } from './province.ts';
import { region } from './region.ts';
import type { Step, StepKind, StepSpec } from './spec.ts';

/** Every kind of step, from the country down; each is declared in its own file. */
export const STEPS: Record<StepKind, StepSpec> = { country, region, province, municity };

/** The spec of the step shown. */
export const specOf = (step: Pick<Step, 'kind'>): StepSpec => STEPS[step.kind];
