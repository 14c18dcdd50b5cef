import type { Region } from '../../../contract/types.ts';
import { PHILIPPINES_BOUNDS } from '../../../map/bounds.ts';
import { regionUnits } from '../step-units.ts';
import { DRAWN_IN } from './drawn.ts';
import type { StepSpec } from './spec.ts';

/** The country: its units are the regions, all of them or those drawn together (the batch). */
export const country: StepSpec<Region[]> = {
  kind: 'country',
  toldAs: 'country',
  name: 'Philippines',
  units: 'regions',
  lists: ['regions'],
  list: ({ batch }, { regions }) => regions && (batch ? regions.filter((r) => batch.includes(r.code)) : regions),
  figured: (regions) => regions.map((r) => ({ key: String(r.code), unit: r })),
  outlines: ({ batch }) => [batch ? 'batchShapes' : 'regionShapes'],
  download: ({ batch }, regions, { regionShapes, batchShapes }) => {
    const shapes = batch ? batchShapes : regionShapes;
    return shapes && regionUnits(regions, shapes);
  },
  drawn: ({ batch }) => (batch ? DRAWN_IN.batch : DRAWN_IN.regions),
  fills: ({ batch }) => (batch ? ['batch'] : []),
  own: ({ batch }, answers) => (batch ? answers.batch : answers.regions),
  fit: ({ key, batch }, shapes) =>
    batch ? { key: `batch:${batch.join()}`, shapes: shapes.batch } : { key, shapes: PHILIPPINES_BOUNDS },
  unbounded: () => undefined,
};
