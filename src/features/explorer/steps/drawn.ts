import {
  barangaysFill,
  barangaysLine,
  batchFill,
  batchLine,
  regionsFill,
  regionsLine,
  regionTownsFill,
  townsFill,
  townsLine,
} from '../layers.ts';
import type { Drawn, StepSource } from './spec.ts';

/** The layers each of the step's sources draws units in, and the property of their features that names the unit. */
export const DRAWN_IN: Record<'regions' | StepSource, Drawn> = {
  regions: { fill: regionsFill, line: regionsLine, property: 'code' },
  batch: { fill: batchFill, line: batchLine, property: 'code' },
  // The region's towns, tagged with their province's id: a province is drawn as its towns.
  regionTowns: { fill: regionTownsFill, property: 'province' },
  towns: { fill: townsFill, line: townsLine, property: 'code' },
  barangays: { fill: barangaysFill, line: barangaysLine, property: 'code' },
};
