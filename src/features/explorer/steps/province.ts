import type { MunicityListItem } from '../../../contract/types.ts';
import { townUnits } from '../step-units.ts';
import { DRAWN_IN } from './drawn.ts';
import { type DrawnAnswers, type StepSpec, unboundedAnswer } from './spec.ts';

/** A province: its units are its cities and municipalities, drawn from the province's own answer. */
export const province: StepSpec<MunicityListItem[], string> = {
  kind: 'province',
  toldAs: 'province',
  name: 'Province',
  units: 'cities and municipalities',
  viewKey: 'province',
  place: 'province',
  lists: ['towns'],
  list: (_, { towns }) => towns,
  figured: (towns) => towns.map((t) => ({ key: t.code, unit: t })),
  outlines: () => ['townShapes'],
  download: (_, towns, { townShapes }) => townShapes && townUnits(towns, townShapes),
  drawn: () => DRAWN_IN.towns,
  fills: () => ['towns'],
  own: (_, answers: DrawnAnswers) => answers.province?.geojson,
  fit: ({ key }, { towns }) => ({ key, shapes: towns }),
  unbounded: ({ province: answer }) => (unboundedAnswer(answer) ? answer?.data.name : undefined),
};
