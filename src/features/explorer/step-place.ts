import { useMemo } from 'react';
import type { StepPlace } from '../../ui/place-figures.ts';
import { useMapData } from './map-data.ts';
import type { Step } from './step.ts';
import { specOf } from './steps/steps.ts';

/**
 * The step by PSGC codes, for what other features draw or say for it (the app hands it to them): its region's
 * code, the towns its province lists, its town's code. Read from the step's own boundary answers, which the map
 * has asked for already.
 */
export function useStepPlace(step: Step): StepPlace {
  const { regionFeature, townFeature, province } = useMapData(step);
  const region = regionFeature?.properties.code;
  const townCodes = step.province ? province.data?.geojson.features.map((f) => f.properties.code) : undefined;
  const towns = townCodes?.join(',');
  const town = townFeature?.properties.code;
  const kind = specOf(step).toldAs;
  return useMemo(
    () => ({
      kind,
      key: step.key,
      region: region === undefined ? undefined : String(region),
      towns: towns ? towns.split(',') : undefined,
      town,
      detail: step.detail,
    }),
    [kind, step.key, step.detail, region, towns, town],
  );
}
