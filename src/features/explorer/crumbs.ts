import { useQuery } from '@tanstack/react-query';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { nameOf } from '../../api/select.ts';
import type { DetailLevel } from '../../contract/types.ts';
import type { ExplorerView } from './view.ts';

/** One step of the way down, with the view it goes back to. */
export interface Crumb {
  step: 'country' | 'region' | 'province' | 'municity';
  label: string;
  to: ExplorerView;
}

/** The names of the places chosen; undefined while they load. */
export interface PlaceNames {
  region?: string;
  province?: string;
  town?: string;
}

/**
 * The names of the places a view has chosen, read with a `select` from queries the panel and the map make
 * anyway: the province's and town's details, and the region list (which only the breadcrumbs ask for when a
 * link opens below the country step; it is small and cached for the session).
 */
export function usePlaceNames(view: ExplorerView, level: DetailLevel): PlaceNames {
  const regions = useQuery({ ...regionQueries.list(), select: indexRegions });
  const province = useQuery({ ...provinceQueries.detail(view.province, level), select: nameOf });
  const town = useQuery({ ...municityQueries.detail(view.municity, level), select: nameOf });
  return {
    region: view.region ? regions.data?.byId.get(view.region)?.name : undefined,
    province: province.data,
    town: town.data,
  };
}

/** The way from the country down to the step shown; the last crumb is the panel's title. */
export function crumbsOf(view: ExplorerView, names: PlaceNames): Crumb[] {
  const keep = { level: view.level };
  const crumbs: Crumb[] = [{ step: 'country', label: 'Philippines', to: keep }];
  if (view.region) {
    crumbs.push({ step: 'region', label: names.region ?? 'Region', to: { ...keep, region: view.region } });
  }
  if (view.province) {
    const to = { ...keep, region: view.region, province: view.province };
    crumbs.push({ step: 'province', label: names.province ?? 'Province', to });
  }
  if (view.municity) {
    const to = { ...view, barangay: undefined };
    crumbs.push({ step: 'municity', label: names.town ?? 'City or municipality', to });
  }
  return crumbs;
}
