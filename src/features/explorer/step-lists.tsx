import type { ReactNode } from 'react';
import type { MunicitySearchItem } from '../../contract/types.ts';
import type { PlaceNames } from './crumbs.ts';
import { ProvinceList, RegionList, TownList } from './lists.tsx';
import { below, type Step, type StepKind, viewOfStep } from './step.ts';
import { ProvinceFacts, RegionFacts } from './step-facts.tsx';
import { TownStep } from './town-step.tsx';
import { type Navigate, townViewOf } from './view.ts';

/** A search for a town in any province (another feature's, which the app hands the panel). */
export type TownSearch = (on: { onChoose: (town: MunicitySearchItem) => void }) => ReactNode;

interface ListsProps {
  townSearch: TownSearch;
  step: Step;
  names: PlaceNames;
  navigate: Navigate;
  /** Goes one step down, to the unit of this id. */
  down: (id: string | number) => void;
}

/**
 * The panel's view of each kind of step: its facts, and the list of its units to go a step down. Each is handed
 * the step of its own kind (step.ts, stepOf), so the ids it reads are there.
 */
const LISTS: Record<StepKind, (props: ListsProps) => ReactNode> = {
  country: ({ step, navigate, down }) => (
    <RegionList
      onPick={({ id }) => down(id)}
      batch={step.batch ?? []}
      onBatch={(codes) => navigate({ ...viewOfStep(step), batch: codes.length ? codes : undefined })}
    />
  ),
  region: ({ step, down }) => (
    <>
      <RegionFacts regionId={step.region ?? ''} />
      <ProvinceList regionId={step.region ?? ''} onPick={({ id }) => down(id)} />
    </>
  ),
  province: ({ step, names, navigate, down, townSearch }) => (
    <>
      <ProvinceFacts provinceId={step.province ?? ''} level={step.detail} />
      <TownList province={names.province ?? ''} onPick={({ id }) => down(id)} />
      {townSearch({ onChoose: (town) => navigate(townViewOf(town, step.level)) })}
    </>
  ),
  municity: ({ step, names, down }) => (
    <TownStep
      municity={step.municity ?? 0}
      level={step.detail}
      selected={step.barangay}
      independentOf={names.municityIndependent ? names.province : undefined}
      onPick={(b) => down(b.code)}
    />
  ),
};

/** What the step holds: its facts, and the list of its units to go a step down. */
export function StepLists(props: Omit<ListsProps, 'down'>) {
  const { step, navigate } = props;
  const Lists = LISTS[step.kind];
  return <Lists {...props} down={(id) => navigate(below(step, id))} />;
}
