import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import type { DownloadUnit } from './downloads.ts';
import type { OutlineAnswers, Step } from './steps/spec.ts';
import { specOf } from './steps/steps.ts';
import { useUnitList } from './unit-list.ts';

export interface StepUnits {
  units?: DownloadUnit[];
  error?: Error | null;
}

const NONE: string[] = [];

/**
 * The units of the current step as a download holds them: each with its outline at the step's detail, its facts,
 * and the codes above it. Read from the answers the map and the lists already have, but for a region's
 * provinces, whose own outlines the map never draws: those are asked for (POST /v1/provinces/search) only once
 * `wanted` (the download panel is open). Which outlines a step reads is its spec's to say.
 */
export function useStepUnits(step: Step, wanted: boolean): StepUnits {
  const { batch, detail: level } = step;
  const spec = specOf(step);
  // Nothing is asked for while the panel is closed: what the view already loaded is read from the cache.
  const { list, error: listError } = useUnitList(step, wanted);
  const on = (outline: keyof OutlineAnswers) => wanted && spec.outlines(step).includes(outline);
  const regionShapes = useQuery({ ...regionQueries.shapes(level), enabled: on('regionShapes') });
  const batchShapes = useQuery({ ...regionQueries.batch(batch, level), enabled: on('batchShapes') });
  const provinceCodes = (list !== undefined && spec.outlineCodes?.(list)) || NONE;
  const outlines = useQuery(provinceQueries.outlines(provinceCodes, level, on('provinceOutlines')));
  const townShapes = useQuery({ ...provinceQueries.detail(step.province, level), enabled: on('townShapes') });

  const units = useMemo(
    () =>
      list === undefined
        ? undefined
        : spec.download(step, list, {
            regionShapes: regionShapes.data,
            batchShapes: batchShapes.data,
            provinceOutlines: outlines.data,
            townShapes: townShapes.data?.geojson,
          }),
    [spec, step, list, regionShapes.data, batchShapes.data, outlines.data, townShapes.data],
  );

  const error = listError ?? [regionShapes, batchShapes, outlines, townShapes].find((q) => q.error)?.error;
  return { units, error };
}
