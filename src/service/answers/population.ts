import type { PopulationFacts, UnitFacts } from '../../contract/types.ts';
import { growthRate } from '../../dataset/census.ts';
import type { Manifest, Unit } from '../../dataset/types.ts';
import type { Counts } from '../counts.ts';

/**
 * A place's counts as the wire gives them (PopulationFacts): the census `population` is of, each census the data
 * carries, and the growth from 2020 to 2024 where it carries both, worked out from the counts given (a created
 * region's are its members' summed). Data built before the censuses were joined sends none of them.
 */
export function populationFacts(manifest: Manifest, counts: Counts, notes?: Unit['censusNotes']): PopulationFacts {
  const { populationYear, censuses } = manifest;
  if (!populationYear || !censuses) return {};
  const facts: PopulationFacts = { population_year: populationYear };
  for (const year of [...censuses].reverse()) facts[`population_${year}`] = counts.census[year] ?? null;
  if (censuses.includes(2020) && censuses.includes(2024)) {
    facts.growth_2020_2024 = growthRate(counts.census[2020], counts.census[2024]);
  }
  if (notes && Object.keys(notes).length) facts.population_notes = notes;
  return facts;
}

/** The facts with the census their density is of, where they have a density. */
export function datedDensity<T extends UnitFacts>(manifest: Manifest, facts: T): T {
  return 'density' in facts && manifest.populationYear ? { ...facts, density_year: manifest.populationYear } : facts;
}
