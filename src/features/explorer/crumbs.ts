import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isNotFound } from '../../api/client.ts';
import { type BarangayCollection, municityQueries } from '../../api/municities.ts';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import type { MunicityDetail } from '../../contract/types.ts';
import { useProvinceLevel } from './map-data.ts';
import { type Step, type StepKind, viewOfStep, wayDown } from './step.ts';
import { specOf } from './steps/steps.ts';
import type { ExplorerView } from './view.ts';

/** One step of the way down, with the view it goes back to. */
export interface Crumb {
  step: StepKind;
  label: string;
  /** Said after the label: what the place is, where the path would mislead ("independent city"). */
  note?: string;
  to: ExplorerView;
}

/** The names of the places chosen, keyed by step kind (a step looks its own up); undefined while they load. */
export interface PlaceNames {
  region?: string;
  province?: string;
  municity?: string;
  /**
   * The town is an independent city that lies in the province above it but is not part of it (Davao City in Davao
   * del Sur). Never said of Metro Manila's cities: Metro Manila is no province of the code list (it has no PSGC
   * code of its own) but the region's cities grouped, and they are part of it.
   */
  municityIndependent?: boolean;
  barangay?: string;
  /** The first step down whose place the service says is not there (a link to a removed or mistyped place). */
  missing?: StepKind;
}

const townOf = ({ data }: { data: MunicityDetail }) => ({ name: data.name, independent: !!data.independent });
/** A province's name, and whether it is a province of the code list (Metro Manila, the NCR's cities, is not). */
const provinceOf = ({ data }: { data: { name: string; psgc_code: string | null } }) => ({
  name: data.name,
  inCodeList: !!data.psgc_code,
});

/**
 * The names of the places a step has chosen, read with a `select` from queries the panel and the map make
 * anyway: the province's and town's details, and the region list (which only the breadcrumbs ask for when a
 * link opens below the country step; it is small and cached for the session).
 */
export function usePlaceNames(step: Step): PlaceNames {
  const regions = useQuery({ ...regionQueries.list(), select: indexRegions });
  const province = useQuery({ ...provinceQueries.detail(step.province, useProvinceLevel(step)), select: provinceOf });
  const town = useQuery({ ...municityQueries.detail(step.municity, step.detail), select: townOf });
  const { barangay: code } = step;
  const barangay = useQuery({
    ...municityQueries.detail(code ? step.municity : undefined, step.detail),
    select: useCallback(
      (e: { geojson: BarangayCollection }) =>
        e.geojson.features.find((f) => f.properties.code === code)?.properties.name,
      [code],
    ),
  });
  const missing =
    step.region && regions.data && !regions.data.byId.has(step.region)
      ? 'region'
      : isNotFound(province.error)
        ? 'province'
        : isNotFound(town.error)
          ? 'municity'
          : undefined;
  return {
    missing,
    region: step.region ? regions.data?.byId.get(step.region)?.name : undefined,
    province: province.data?.name,
    municity: town.data?.name,
    municityIndependent: town.data && province.data && town.data.independent && province.data.inCodeList,
    barangay: barangay.data,
  };
}

/**
 * A step's own place by name (a town's, a province's, a region's, or as its spec names it); undefined at the
 * country and while it loads.
 */
const nameOfStep = (step: Step, names: PlaceNames) => {
  const { place, nameOf } = specOf(step);
  return nameOf ? nameOf(step) : place && names[place];
};

/** The way from the country down to the step shown; the last crumb is the panel's title. */
export function crumbsOf(step: Step, names: PlaceNames): Crumb[] {
  return wayDown(step).map((s) => {
    const crumb: Crumb = {
      step: s.kind,
      label: nameOfStep(s, names) ?? specOf(s).name,
      to: viewOfStep(s),
    };
    if (specOf(s).place === 'municity' && names.municityIndependent)
      crumb.note = `independent city, not part of ${names.province ?? 'the province'}`;
    return crumb;
  });
}

/** The names that name a step, deepest first: a barangay in its town, or the one step shown. */
const namingSteps = (step: Step, names: PlaceNames) =>
  [step.barangay && names.barangay, nameOfStep(step, names)].filter((name): name is string => !!name);

/** The place a step shows, by name (a barangay's, else the town's, province's or region's); undefined while unknown. */
export const placeNameOf = (step: Step, names: PlaceNames): string | undefined => namingSteps(step, names)[0];

/**
 * The tab's title: the place shown, most precise first ("Barangay 566, City of Manila — Kapuluan"), so a tab, a
 * bookmark and the history name it; just "Kapuluan" at the country step and while names load.
 */
export function titleOf(step: Step, names: PlaceNames): string {
  return nameOfStep(step, names) ? `${namingSteps(step, names).join(', ')} — Kapuluan` : 'Kapuluan';
}
