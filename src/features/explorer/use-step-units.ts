import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import type { DownloadUnit } from './downloads.ts';
import { useProvinceLevel } from './map-data.ts';
import type { Step } from './step.ts';
import { barangayUnits, provinceUnits, regionUnits, townUnits } from './step-units.ts';

const psgcOr = (code: string | null | undefined) => (code && /^\d{10}$/.test(code) ? code : null);

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
  const atCountry = wanted && kind === 'country';
  const regions = useQuery({ ...regionQueries.list(), enabled: atCountry });
  const regionShapes = useQuery({ ...regionQueries.shapes(level), enabled: atCountry && !batch });
  const batchShapes = useQuery({ ...regionQueries.batch(batch, level), enabled: wanted && !!batch });
  const provinces = useQuery({ ...provinceQueries.byRegion(step.region), enabled: wanted && kind !== 'country' });
  const provinceCodes = (provinces.data?.data ?? []).flatMap((p) => psgcOr(p.psgc_code) ?? []);
  const outlines = useQuery(provinceQueries.outlines(provinceCodes, level, kind === 'region' && wanted));
  const province = provinces.data?.data.find((p) => p.id === step.province);
  const towns = useQuery({ ...municityQueries.every(province?.name), enabled: wanted && kind === 'province' });
  const townShapes = useQuery({
    ...provinceQueries.detail(step.province, useProvinceLevel(step)),
    enabled: wanted && kind === 'province',
  });
  const town = useQuery({ ...municityQueries.detail(step.municity, level), enabled: wanted && kind === 'municity' });

  const units = useMemo((): DownloadUnit[] | undefined => {
    if (kind === 'country') {
      const shapes = batch ? batchShapes.data : regionShapes.data;
      if (!regions.data || !shapes) return undefined;
      return regionUnits(
        regions.data.data.filter((r) => !batch || batch.includes(r.code)),
        shapes,
      );
    }
    if (kind === 'region') {
      if (!provinces.data || (provinceCodes.length && !outlines.data)) return undefined;
      return provinceUnits(provinces.data.data, outlines.data);
    }
    if (kind === 'province')
      return towns.data && townShapes.data && townUnits(towns.data.data, townShapes.data.geojson);
    return town.data && barangayUnits(town.data);
  }, [
    kind,
    batch,
    regions.data,
    regionShapes.data,
    batchShapes.data,
    provinces.data,
    provinceCodes.length,
    outlines.data,
    towns.data,
    townShapes.data,
    town.data,
  ]);

  const error = [regions, regionShapes, batchShapes, provinces, outlines, towns, townShapes, town].find(
    (q) => q.error,
  )?.error;
  return { units, error };
}
