import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { datasetQueries } from '../../api/dataset.ts';
import type { BarangayCollection } from '../../api/municities.ts';
import { municityQueries } from '../../api/municities.ts';
import type { DetailLevel, MunicityDetail } from '../../contract/types.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { FactsCard } from './facts-card.tsx';
import { type BarangayItem, BarangayList } from './lists.tsx';
import { barangayFacts, townFacts } from './place-facts.ts';
import { sortUnits } from './sort-units.ts';

/**
 * `select` for a town's detail: its facts, and its barangays as listed, sorted by name as a person reads numbers
 * (Barangay 2 before Barangay 10). Defined once, so the sort runs when the answer changes, not on every render;
 * the list re-sorts by a figure when asked.
 */
export function townWithBarangays({ data, geojson }: { data: MunicityDetail; geojson: BarangayCollection }) {
  const barangays: BarangayItem[] = sortUnits(
    geojson.features.map((f) => ({ ...f.properties, boundary: f.geometry !== null })),
    'name',
  );
  return { town: data, barangays };
}

/** The town step: what the town is, and its barangays to pick from. */
export function TownStep({
  municity,
  level,
  selected,
  independentOf,
  onPick,
}: {
  municity: number;
  level: DetailLevel;
  selected?: string;
  /** The province the town lies in but is not part of (crumbs.ts, PlaceNames.municityIndependent). */
  independentOf?: string;
  onPick: (barangay: BarangayItem) => void;
}) {
  const query = useQuery({ ...municityQueries.detail(municity, level), select: townWithBarangays });
  return (
    <QueryState query={query} what="barangays">
      {({ town, barangays }) => (
        <>
          <FactsCard facts={townFacts(town, independentOf)} label={`Facts: ${town.name}`} />
          <ChosenBarangay barangays={barangays} selected={selected} />
          <BarangayList barangays={barangays} selected={selected} onPick={onPick} />
        </>
      )}
    </QueryState>
  );
}

/**
 * The chosen barangay's facts, above the list it was chosen from, scrolled into view when it is chosen (else
 * they are added above a list scrolled far down, out of sight).
 */
function ChosenBarangay({ barangays, selected }: { barangays: BarangayItem[]; selected?: string }) {
  const barangay = selected ? barangays.find((b) => b.code === selected) : undefined;
  const title = useRef<HTMLHeadingElement>(null);
  const code = barangay?.code;
  // A part of a split barangay: the facts say what the old barangay was and came to.
  const whole = useQuery(datasetQueries.splitOf(code)).data;
  useEffect(() => {
    if (code) title.current?.scrollIntoView({ block: 'start' });
  }, [code]);
  if (!barangay) return null;
  return (
    <>
      <h2 className="facts-title" ref={title}>
        {barangay.name}
      </h2>
      <FactsCard facts={barangayFacts(barangay, whole)} label={`Facts: ${barangay.name}`} />
    </>
  );
}
