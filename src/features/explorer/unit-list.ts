import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type BarangayCollection, municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { nameOf } from '../../api/select.ts';
import type { MunicityDetail, MunicityListItem, Province, Region } from '../../contract/types.ts';
import type { Step, StepKind } from './step.ts';

/** A step's units as the lists give them, with their facts and figures: what its kind lists. */
export type UnitList =
  | { kind: 'country'; regions: Region[] }
  | { kind: 'region'; provinces: Province[] }
  | { kind: 'province'; towns: MunicityListItem[] }
  | { kind: 'municity'; town: { data: MunicityDetail; geojson: BarangayCollection } };

/**
 * The units of a step, from the answers the panel's lists and the map read (the regions' list, or those drawn
 * together; a region's provinces; a province's towns, all at once; a town's barangays), asked for only while
 * `wanted`; undefined until they have come.
 */
export function useUnitList(step: Step, wanted: boolean): { list?: UnitList; error?: Error | null } {
  const { kind, batch } = step;
  const on = (...kinds: StepKind[]) => wanted && kinds.includes(kind);
  const regions = useQuery({ ...regionQueries.list(), enabled: on('country') });
  const provinces = useQuery({ ...provinceQueries.byRegion(step.region), enabled: on('region') });
  // The town list is asked for by the province's name: its detail, which the map reads at the step, names it.
  const province = useQuery({
    ...provinceQueries.detail(step.province, step.detail),
    select: nameOf,
    enabled: on('province'),
  });
  const provinceName = province.data;
  const towns = useQuery({ ...municityQueries.every(provinceName), enabled: on('province') });
  const town = useQuery({ ...municityQueries.detail(step.municity, step.detail), enabled: on('municity') });

  const list = useMemo((): UnitList | undefined => {
    switch (kind) {
      case 'country': {
        const all = regions.data?.data;
        return all && { kind, regions: batch ? all.filter((r) => batch.includes(r.code)) : all };
      }
      case 'region':
        return provinces.data && { kind, provinces: provinces.data.data };
      case 'province':
        return towns.data && { kind, towns: towns.data.data };
      case 'municity':
        return town.data && { kind, town: town.data };
    }
  }, [kind, batch, regions.data, provinces.data, towns.data, town.data]);
  const error = [regions, provinces, province, towns, town].find((q) => q.error)?.error;
  return { list, error };
}
