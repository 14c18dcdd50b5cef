import type { Census, Unit } from '../dataset/types.ts';

/** A place's counts: its latest census count, and its count in each census the data carries. */
export type Counts = Pick<Unit, 'population' | 'census'>;

const NONE: Counts = { population: null, census: {} };

/**
 * Counts summed per census, for a unit made of others (a created region of provinces, a created province of towns):
 * null in a census where a part has none, or when there are no parts (a region made from nothing has no population).
 */
export function sumCounts(parts: (Counts | undefined)[]): Counts {
  if (!parts.length) return NONE;
  const census: Census = {};
  for (const year of Object.keys(parts[0]?.census ?? {}).map(Number) as (keyof Census)[]) {
    census[year] = sumOf(parts.map((p) => p?.census[year] ?? null));
  }
  return { population: sumOf(parts.map((p) => p?.population ?? null)), census };
}

/** A unit's counts less those of parts it lost (the provinces a created region took from it). */
export function lessCounts(whole: Counts, lost: (Counts | undefined)[]): Counts {
  const gone = sumCounts(lost);
  const less = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null ? null : a - b);
  const census: Census = {};
  for (const year of Object.keys(whole.census).map(Number) as (keyof Census)[]) {
    census[year] = less(whole.census[year], gone.census[year]);
  }
  return { population: less(whole.population, gone.population), census };
}

/** The sum, or null when a part is unknown or there are none. */
export function sumOf(values: (number | null)[]): number | null {
  if (!values.length || values.some((v) => v === null)) return null;
  return (values as number[]).reduce((sum, v) => sum + v, 0);
}
