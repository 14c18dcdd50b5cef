import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { provincePsgcCodes } from '../../api/select.ts';
import type { DownloadUnit } from './downloads.ts';
import type { Step } from './step.ts';
import { barangayUnits, provinceUnits, regionUnits, townUnits } from './step-units.ts';
import { useUnitList } from './unit-list.ts';

export interface StepUnits {
  units?: DownloadUnit[];
  error?: Error | null;
}

/**
 * The units of the current step as a download holds them: each with its outline at the step's detail, its facts,
 * and the codes above it. Read from the answers the map and the lists already have, but for a region's
 * provinces, whose own outlines the map never draws: those are asked for (POST /v1/provinces/search) only once
 * `wanted` (the download panel is open).
 */
export function useStepUnits(step: Step, wanted: boolean): StepUnits {
  const { kind, batch, detail: level } = step;
  // Nothing is asked for while the panel is closed: what the view already loaded is read from the cache.
  const { list, error: listError } = useUnitList(step, wanted);
  const regionShapes = useQuery({ ...regionQueries.shapes(level), enabled: wanted && kind === 'country' && !batch });
  const batchShapes = useQuery({ ...regionQueries.batch(batch, level), enabled: wanted && !!batch });
  const provinceCodes = list?.kind === 'region' ? provincePsgcCodes({ data: list.provinces }) : [];
  const outlines = useQuery(provinceQueries.outlines(provinceCodes, level, kind === 'region' && wanted));
  const townShapes = useQuery({
    ...provinceQueries.detail(step.province, level),
    enabled: wanted && kind === 'province',
  });

  const units = useMemo((): DownloadUnit[] | undefined => {
    switch (list?.kind) {
      case 'country': {
        const shapes = batch ? batchShapes.data : regionShapes.data;
        return shapes && regionUnits(list.regions, shapes);
      }
      case 'region':
        return provinceCodes.length && !outlines.data ? undefined : provinceUnits(list.provinces, outlines.data);
      case 'province':
        return townShapes.data && townUnits(list.towns, townShapes.data.geojson);
      case 'municity':
        return barangayUnits(list.town);
      default:
        return undefined;
    }
  }, [list, batch, regionShapes.data, batchShapes.data, provinceCodes.length, outlines.data, townShapes.data]);

  const error = listError ?? [regionShapes, batchShapes, outlines, townShapes].find((q) => q.error)?.error;
  return { units, error };
}
