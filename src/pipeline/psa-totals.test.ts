import { describe, expect, test } from 'vitest';
import type { Census, Unit } from '../dataset/types.ts';
import { bareUnit } from './hierarchy.ts';
import { checkTotals, readNationalSummary } from './psa-totals.ts';

const unit = (code: string, level: Unit['level'], parent: string | null, count: number): Unit => ({
  ...bareUnit(code, `Unit ${code}`, level, parent, null),
  census: { 2024: count } as Census,
});

/** The National Summary sheet as text, as the 3Q 2025 workbook lays it out (two regions of it). */
const nationalSummary = (national: string, note: string) => ({
  name: 'National Summary',
  rows: [
    ['', '', 'As of 30 September 2025'],
    ['CODE', 'CODE', 'REGION', 'PROV.', 'CITIES', 'MUN.', 'BGY.', 'POPULATION (2024 POPCEN)'],
    ['', '', 'PHILIPPINES', '82', '149', '1493', '42011', national, 'a'],
    ['0900000000', '0900000000', 'Region IX (Zamboanga Peninsula)', '4', '5', '86', '2314', '300', 'b'],
    ['1900000000', '1900000000', 'BARMM', '5', '3', '105', '2185', '200', 'c'],
    ['a', note],
    ['b', 'Including the population count of Sulu'],
    ['c', 'Excluding the population count of Sulu'],
  ],
});
const provSum = {
  name: 'Prov Sum',
  rows: [['As of 30 June 2020'], ['CODE', 'NAME', 'PROV.', 'CITIES', 'MUN.', 'BGY.']],
};

const units = [
  unit('0900000000', 'Reg', null, 300),
  unit('0906600000', 'Prov', '0900000000', 120),
  unit('0906601000', 'Mun', '0906600000', 120),
  unit('0906601001', 'Bgy', '0906601000', 120),
  unit('0907300000', 'Prov', '0900000000', 180),
  unit('0907301000', 'Mun', '0907300000', 180),
  unit('0907301001', 'Bgy', '0907301000', 180),
  unit('1900000000', 'Reg', null, 200),
  // A province row whose figure leaves out a city that the hierarchy puts in it, with no note to say so.
  unit('1908700000', 'Prov', '1900000000', 150),
  unit('1908701000', 'Mun', '1908700000', 150),
  unit('1908701001', 'Bgy', '1908701000', 150),
  unit('1908702000', 'City', '1908700000', 50),
  unit('1908702001', 'Bgy', '1908702000', 50),
];
const ABROAD = 'Population counts for the regions do not add up to the national total. Includes 8 Filipinos abroad.';

describe("PSA's totals against the barangays' sums", () => {
  test('reads the National Summary: the country, each region, and the footnotes their marks stand for', () => {
    const summary = readNationalSummary([nationalSummary('508', ABROAD)], 2024)!;
    expect(summary.asOf).toBe('As of 30 September 2025');
    expect(summary.national).toEqual({ count: 508, note: ABROAD });
    expect(summary.regions.get('0900000000')).toEqual({
      name: 'Region IX (Zamboanga Peninsula)',
      count: 300,
      note: 'Including the population count of Sulu',
    });
    expect(readNationalSummary([nationalSummary('508', ABROAD)], 2020)).toBeNull();
  });

  test('explains the country’s difference by the Filipinos abroad its footnote counts, and nothing else', () => {
    const check = checkTotals(units, 2024, new Map(), [nationalSummary('508', ABROAD), provSum]);
    const country = check.differences.find((d) => d.level === 'Country')!;
    expect(country).toMatchObject({ psa: 508, barangays: 500, difference: 8, explained: true });
    const other = checkTotals(units, 2024, new Map(), [nationalSummary('509', ABROAD)]);
    expect(other.differences.find((d) => d.level === 'Country')).toMatchObject({ difference: 9, explained: false });
  });

  test('lists every other difference with the note PSA gives its figure, or none', () => {
    const notes = new Map([['0907300000', { 2024: 'excluding CITY OF ZAMBOANGA' } as const]]);
    const check = checkTotals(units, 2024, notes, [nationalSummary('508', ABROAD), provSum]);
    expect(check.agree).toMatchObject({
      'National Summary Reg': { agree: 2, of: 2 },
      'PSGC sheet Prov': { agree: 2, of: 3 },
    });
    expect(check.differences.filter((d) => d.level !== 'Country')).toEqual([
      {
        source: 'PSGC sheet',
        code: '1908700000',
        name: 'Unit 1908700000',
        level: 'Prov',
        psa: 150,
        barangays: 200,
        difference: -50,
        reason: null,
        explained: false,
      },
    ]);
    expect(check.notCompared).toEqual(['Prov Sum (As of 30 June 2020): counts of units, no population']);
  });
});
