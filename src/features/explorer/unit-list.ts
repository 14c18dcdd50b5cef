import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { nameOf } from '../../api/select.ts';
import type { ListAnswers, Step } from './steps/spec.ts';
import { specOf } from './steps/steps.ts';

/**
 * The units of a step, from the answers the panel's lists and the map read (the regions' list, or those drawn
 * together; a region's provinces; a province's towns, all at once; a town's barangays), asked for only while
 * `wanted` and only those its spec lists; undefined until they have come. What the list holds is the spec's.
 */
export function useUnitList(step: Step, wanted: boolean): { list?: unknown; error?: Error | null } {
  const spec = specOf(step);
  const on = (list: keyof ListAnswers) => wanted && spec.lists.includes(list);
  const regions = useQuery({ ...regionQueries.list(), enabled: on('regions') });
  const provinces = useQuery({ ...provinceQueries.byRegion(step.region), enabled: on('provinces') });
  // The town list is asked for by the province's name: its detail, which the map reads at the step, names it.
  const province = useQuery({
    ...provinceQueries.detail(step.province, step.detail),
    select: nameOf,
    enabled: on('towns'),
  });
  const provinceName = province.data;
  const towns = useQuery({ ...municityQueries.every(provinceName), enabled: on('towns') });
  const town = useQuery({ ...municityQueries.detail(step.municity, step.detail), enabled: on('town') });

  const list = useMemo(
    () =>
      spec.list(step, {
        regions: regions.data?.data,
        provinces: provinces.data?.data,
        towns: towns.data?.data,
        town: town.data,
      }),
    [spec, step, regions.data, provinces.data, towns.data, town.data],
  );
  const error = [regions, provinces, province, towns, town].find((q) => q.error)?.error;
  return { list, error };
}
