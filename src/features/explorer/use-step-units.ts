import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import type { DetailLevel } from '../../contract/types.ts';
import type { DownloadUnit } from './downloads.ts';
import { batchCodesOf, useProvinceLevel } from './map-data.ts';
import { barangayUnits, provinceUnits, regionUnits, townUnits } from './step-units.ts';
import type { ExplorerView } from './view.ts';

const psgcOr = (code: string | null | undefined) => (code && /^\d{10}$/.test(code) ? code : null);

export interface StepUnits {
  /** What they are, for the button and the file's name: "cities and municipalities". */
  what: string;
  /** Where they are: "Batangas"; "Philippines" at the country. */
  place: string;
  units?: DownloadUnit[];
  error?: Error | null;
}

/**
 * The units of the current step as a download holds them: each with its outline at the step's detail, its facts,
 * and the codes above it. Read from the answers the map and the lists already have, but for a region's
 * provinces, whose own outlines the map never draws: those are asked for (POST /v1/provinces/search) only once
 * `wanted` (the download panel is open).
 */
export function useStepUnits(view: ExplorerView, level: DetailLevel, place: string, wanted: boolean): StepUnits {
  const step = view.municity ? 'town' : view.province ? 'province' : view.region ? 'region' : 'country';
  const batch = batchCodesOf(view);
  // Nothing is asked for while the panel is closed: what the view already loaded is read from the cache.
  const regions = useQuery({ ...regionQueries.list(), enabled: wanted && step === 'country' });
  const regionShapes = useQuery({ ...regionQueries.shapes(level), enabled: wanted && step === 'country' && !batch });
  const batchShapes = useQuery({
    ...regionQueries.batch(step === 'country' ? batch : undefined, level),
    enabled: wanted && !!batch,
  });
  const provinces = useQuery({ ...provinceQueries.byRegion(view.region), enabled: wanted && step !== 'country' });
  const provinceCodes = (provinces.data?.data ?? []).flatMap((p) => psgcOr(p.psgc_code) ?? []);
  const outlines = useQuery(provinceQueries.outlines(provinceCodes, level, step === 'region' && wanted));
  const province = provinces.data?.data.find((p) => p.id === view.province);
  const towns = useQuery({ ...municityQueries.every(province?.name), enabled: wanted && step === 'province' });
  const townShapes = useQuery({
    ...provinceQueries.detail(view.province, useProvinceLevel(view, level)),
    enabled: wanted && step === 'province',
  });
  const town = useQuery({ ...municityQueries.detail(view.municity, level), enabled: wanted && step === 'town' });

  const units = useMemo((): DownloadUnit[] | undefined => {
    if (step === 'country') {
      const shapes = batch ? batchShapes.data : regionShapes.data;
      if (!regions.data || !shapes) return undefined;
      return regionUnits(
        regions.data.data.filter((r) => !batch || batch.includes(r.code)),
        shapes,
      );
    }
    if (step === 'region') {
      if (!provinces.data || (provinceCodes.length && !outlines.data)) return undefined;
      return provinceUnits(provinces.data.data, outlines.data);
    }
    if (step === 'province')
      return towns.data && townShapes.data && townUnits(towns.data.data, townShapes.data.geojson);
    return town.data && barangayUnits(town.data);
  }, [
    step,
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

  const what =
    step === 'town'
      ? 'barangays'
      : step === 'province'
        ? 'cities and municipalities'
        : step === 'region'
          ? 'provinces'
          : 'regions';
  const error = [regions, regionShapes, batchShapes, provinces, outlines, towns, townShapes, town].find(
    (q) => q.error,
  )?.error;
  return { what, place, units, error };
}
