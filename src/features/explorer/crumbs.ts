import { useQuery } from '@tanstack/react-query';
import { municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { nameOf } from '../../api/select.ts';
import type { DetailLevel, Region } from '../../contract/types.ts';
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

const regionNames = (page: { data: Region[] }) => new Map(page.data.map((r) => [String(r.id), r.name]));

/**
 * The names of the places a view has chosen, from the queries the panel and the map already make (a `select`
 * reads them; no request of its own).
 */
export function usePlaceNames(view: ExplorerView, level: DetailLevel): PlaceNames {
  const regions = useQuery({ ...regionQueries.list(), select: regionNames });
  const province = useQuery({ ...provinceQueries.detail(view.province, level), select: nameOf });
  const town = useQuery({ ...municityQueries.detail(view.municity, level), select: nameOf });
  return {
    region: view.region ? regions.data?.get(view.region) : undefined,
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
