import type { UnitFacts } from '../../contract/types.ts';

export const SORT_KEYS = ['name', 'population', 'area', 'density', 'growth'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** A list's order: by name, a figure of the code list, or a user's own figure (`yours`). */
export type ListSort = SortKey | 'yours';

type Sortable = UnitFacts & { name: string; population?: number | null };

const figure: Record<Exclude<SortKey, 'name'>, (u: Sortable) => number | null | undefined> = {
  population: (u) => u.population,
  area: (u) => u.area_km2,
  density: (u) => u.density,
  growth: (u) => u.growth_2020_2024,
};

const byName = (a: Sortable, b: Sortable) => a.name.localeCompare(b.name, undefined, { numeric: true });

/**
 * Units sorted by name (as a person reads numbers: Barangay 2 before Barangay 10) or by a figure, largest first
 * (the question asked is "which are the most crowded"). Units without the figure go last, by name, so a server
 * that sends no areas still gives a usable list. A new array: React Query's cached data is not sorted in place.
 */
export function sortUnits<T extends Sortable>(
  units: readonly T[],
  key: ListSort,
  /** A unit's own figure from a user's table, for `yours`. */
  yours: (unit: T) => number | null | undefined = () => null,
): T[] {
  if (key === 'name') return [...units].sort(byName);
  const of = key === 'yours' ? yours : figure[key];
  return [...units].sort((a, b) => {
    const x = of(a);
    const y = of(b);
    if (x == null || y == null) return x == null && y == null ? byName(a, b) : x == null ? 1 : -1;
    return y - x || byName(a, b);
  });
}
