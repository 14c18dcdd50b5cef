import type { BarangayCollection } from '../../../api/municities.ts';
import type { MunicityDetail } from '../../../contract/types.ts';
import { barangayUnits } from '../step-units.ts';
import { DRAWN_IN } from './drawn.ts';
import { type StepSpec, unboundedAnswer } from './spec.ts';

/** A city or municipality: its units are its barangays, one of which may be chosen in it. */
export const municity: StepSpec<{ data: MunicityDetail; geojson: BarangayCollection }, number> = {
  kind: 'municity',
  toldAs: 'municity',
  name: 'City or municipality',
  units: 'barangays',
  viewKey: 'municity',
  // A town's id is the API's number.
  idOf: (text) => {
    const id = Number(text);
    return Number.isInteger(id) && id > 0 ? id : undefined;
  },
  place: 'municity',
  lists: ['town'],
  list: (_, { town }) => town,
  figured: (town) => town.geojson.features.map((f) => ({ key: f.properties.code, unit: f.properties })),
  outlines: () => [],
  download: (_, town) => barangayUnits(town),
  drawn: () => DRAWN_IN.barangays,
  fills: () => ['towns', 'barangays'],
  own: (_, { town }) => town?.geojson,
  drawnKey: ({ municity: id, detail }) => `${id}/${detail}`,
  fit: ({ key }, { town, barangays }) => {
    // The town's own outline, drawn with its province's towns, fits the camera at the click, before its
    // barangays arrive: MapLibre then tiles them once, at the zoom they are shown at, as the floor page of
    // bench:ui does (fitted once they arrived, they were tiled at the province's zoom first, then again).
    const own = town?.geometry ? { type: 'FeatureCollection' as const, features: [town] } : undefined;
    return { key, shapes: own ?? barangays };
  },
  unbounded: ({ town }) => (unboundedAnswer(town) ? town?.data.name : undefined),
};
