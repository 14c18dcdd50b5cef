import type { CensusYear } from './types.ts';

/**
 * Each census's reference date (year, month): the day its counts are of. 2015 POPCEN: 1 August 2015; 2020 CPH:
 * 1 May 2020; 2024 POPCEN: 1 July 2024 (Proclamation No. 973).
 */
export const CENSUS_DATES: Record<CensusYear, { year: number; month: number }> = {
  2015: { year: 2015, month: 8 },
  2020: { year: 2020, month: 5 },
  2024: { year: 2024, month: 7 },
};

/**
 * Years between two censuses' reference dates, in whole months as PSA reckons them: 2020 → 2024 is 4 years and
 * 2 months (4.1667), 2015 → 2020 is 4.75.
 */
export function yearsBetween(from: CensusYear, to: CensusYear): number {
  const a = CENSUS_DATES[from];
  const b = CENSUS_DATES[to];
  return b.year - a.year + (b.month - a.month) / 12;
}

/**
 * Average annual growth in % a year from one census to another, geometric as PSA computes it:
 * r = ((P_to / P_from)^(1/t) − 1) × 100, t the years between the reference dates; to two decimals (PSA publishes
 * 0.80% for the country, 2020 → 2024). Null when a count is unknown or the earlier one is not positive.
 */
export function growthRate(
  earlier: number | null | undefined,
  later: number | null | undefined,
  from: CensusYear = 2020,
  to: CensusYear = 2024,
): number | null {
  if (earlier == null || later == null || earlier <= 0 || later < 0) return null;
  const rate = ((later / earlier) ** (1 / yearsBetween(from, to)) - 1) * 100;
  // To the hundredth, and never −0.
  return Math.round(rate * 100) / 100 || 0;
}
