import type { FitTarget, LoadedShapes, Step } from './steps/spec.ts';
import { specOf } from './steps/steps.ts';

export type { FitTarget, LoadedShapes } from './steps/spec.ts';

/**
 * What to fit the camera to for a view: the deepest step chosen (a town's barangays, a province's towns, the
 * region's own outline), else the regions drawn together, else the country (each step's spec says which). A
 * barangay does not move the camera: its town stays in view, with the barangay selected in it.
 */
export const fitTarget = (step: Step, shapes: LoadedShapes): FitTarget => specOf(step).fit(step, shapes);
