import { provincePsgcCodes } from '../../../api/select.ts';
import type { Province } from '../../../contract/types.ts';
import { provinceUnits } from '../step-units.ts';
import { DRAWN_IN } from './drawn.ts';
import type { StepSpec } from './spec.ts';

/**
 * A region: its units are its provinces. The API has no province outlines the map draws, so a province is drawn
 * as its towns, each tagged with its province's id; a download asks for the provinces' own outlines.
 */
export const region: StepSpec<Province[], string> = {
  kind: 'region',
  toldAs: 'region',
  name: 'Region',
  units: 'provinces',
  viewKey: 'region',
  place: 'region',
  lists: ['provinces'],
  list: (_, { provinces }) => provinces,
  figured: (provinces) => provinces.map((p) => ({ key: p.id, unit: p })),
  outlines: () => ['provinceOutlines'],
  outlineCodes: (provinces) => provincePsgcCodes({ data: provinces }),
  download: (_, provinces, { provinceOutlines }) =>
    provincePsgcCodes({ data: provinces }).length && !provinceOutlines
      ? undefined
      : provinceUnits(provinces, provinceOutlines),
  drawn: () => DRAWN_IN.regionTowns,
  fills: () => ['regionTowns'],
  own: (_, { regionTowns }) => regionTowns,
  fit: ({ key }, { region: own }) => ({ key, shapes: own && { type: 'FeatureCollection', features: [own] } }),
  unbounded: ({ regionFeature }) =>
    regionFeature && !regionFeature.geometry ? String(regionFeature.properties.name) : undefined,
};
