import { describe, expect, test } from 'vitest';
import { growthRate, yearsBetween } from './census.ts';

describe('growth between censuses, as PSA computes it', () => {
  test('counts the years between the reference dates in months: 1 May 2020 → 1 July 2024, 1 Aug 2015 → 1 May 2020', () => {
    expect(yearsBetween(2020, 2024)).toBeCloseTo(4 + 2 / 12, 10);
    expect(yearsBetween(2015, 2020)).toBeCloseTo(4.75, 10);
  });

  test("gives PSA's published national rates: 0.80% a year 2020–2024, 1.63% 2015–2020", () => {
    // National Summary: 109,035,343 (2020 CPH), 112,729,484 (2024 POPCEN), 100,981,437 (2015 POPCEN).
    expect(growthRate(109_035_343, 112_729_484)).toBe(0.8);
    expect(growthRate(100_981_437, 109_035_343, 2015, 2020)).toBe(1.63);
  });

  test('is geometric, not the simple change over the years', () => {
    // Doubling in 4 1/6 years: 2^(6/25) − 1 = 18.10% a year, where the change divided by the years would say 24%.
    expect(growthRate(1000, 2000)).toBe(18.1);
    expect(growthRate(2000, 1000)).toBe(-15.33);
  });

  test('is null without both counts or from nobody, and never −0', () => {
    expect(growthRate(null, 100)).toBeNull();
    expect(growthRate(100, undefined)).toBeNull();
    expect(growthRate(0, 100)).toBeNull();
    expect(growthRate(100_000, 99_999)).toBe(0);
    expect(Object.is(growthRate(100_000, 99_999), -0)).toBe(false);
  });
});
