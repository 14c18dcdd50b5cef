import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type BarangayCollection, municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { nameOf } from '../../api/select.ts';
import type { DetailLevel, MunicityDetail } from '../../contract/types.ts';
import { useProvinceLevel } from './map-data.ts';
import type { ExplorerView } from './view.ts';

/** One step of the way down, with the view it goes back to. */
export interface Crumb {
  step: 'country' | 'region' | 'province' | 'municity';
  label: string;
  /** Said after the label: what the place is, where the path would mislead ("independent city"). */
  note?: string;
  to: ExplorerView;
}

/** The names of the places chosen; undefined while they load. */
export interface PlaceNames {
  region?: string;
  province?: string;
  town?: string;
  /** The town is an independent city: it lies in the province above it but is not part of it. */
  townIndependent?: boolean;
  barangay?: string;
}

const townOf = ({ data }: { data: MunicityDetail }) => ({ name: data.name, independent: !!data.independent });

/**
 * The names of the places a view has chosen, read with a `select` from queries the panel and the map make
 * anyway: the province's and town's details, and the region list (which only the breadcrumbs ask for when a
 * link opens below the country step; it is small and cached for the session).
 */
export function usePlaceNames(view: ExplorerView, level: DetailLevel): PlaceNames {
  const regions = useQuery({ ...regionQueries.list(), select: indexRegions });
  const province = useQuery({
    ...provinceQueries.detail(view.province, useProvinceLevel(view, level)),
    select: nameOf,
  });
  const town = useQuery({ ...municityQueries.detail(view.municity, level), select: townOf });
  const { barangay: code } = view;
  const barangay = useQuery({
    ...municityQueries.detail(code ? view.municity : undefined, level),
    select: useCallback(
      (e: { geojson: BarangayCollection }) =>
        e.geojson.features.find((f) => f.properties.code === code)?.properties.name,
      [code],
    ),
  });
  return {
    region: view.region ? regions.data?.byId.get(view.region)?.name : undefined,
    province: province.data,
    town: town.data?.name,
    townIndependent: town.data?.independent,
    barangay: barangay.data,
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
    const note = names.townIndependent
      ? `independent city, not part of ${names.province ?? 'the province'}`
      : undefined;
    crumbs.push({ step: 'municity', label: names.town ?? 'City or municipality', to, note });
  }
  return crumbs;
}

/**
 * The tab's title: the place shown, most precise first ("Barangay 566, City of Manila — Kapuluan"), so a tab, a
 * bookmark and the history name it; just "Kapuluan" at the country step and while names load.
 */
/** The names of the view's steps that name it, deepest first: a barangay in its town, or the one step shown. */
const namingSteps = (view: ExplorerView, names: PlaceNames) =>
  [
    view.barangay && names.barangay,
    view.municity ? names.town : undefined,
    view.province && !view.municity ? names.province : undefined,
    view.region && !view.province ? names.region : undefined,
  ].filter((name): name is string => !!name);

/** The place a view shows, by name (a barangay's, else the town's, province's or region's); undefined while unknown. */
export const placeNameOf = (view: ExplorerView, names: PlaceNames): string | undefined => namingSteps(view, names)[0];

export function titleOf(view: ExplorerView, names: PlaceNames): string {
  const steps = namingSteps(view, names);
  const last = view.municity ? names.town : view.province ? names.province : names.region;
  return view.region && last ? `${steps.join(', ')} — Kapuluan` : 'Kapuluan';
}
