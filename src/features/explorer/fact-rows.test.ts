import { describe, expect, test } from 'vitest';
import { type Facts, factRows } from './fact-rows.ts';

const davao: Facts = {
  code: '1102400000',
  name: 'City of Davao',
  kind: 'City',
  cityClass: 'HUC',
  independentOf: 'Davao del Sur',
  income_class: '1st',
  population: 1776949,
  area_km2: 2433.612,
  density: 730.2,
  zip_codes: ['8000'],
  old_names: [],
};

describe('factRows', () => {
  test('lists the rows with a value, in the card’s order, each figure with its kind', () => {
    expect(factRows(davao)).toEqual([
      { key: 'code', label: 'PSGC code', text: '1102400000' },
      { key: 'zip-codes', label: 'ZIP code', text: '8000' },
      {
        key: 'level',
        label: 'Level',
        text: 'City · Highly urbanized city, independent of Davao del Sur, in which it lies',
      },
      { key: 'income-class', label: 'Income class', text: '1st' },
      {
        key: 'population-2020',
        label: 'Population (2020)',
        text: '1,776,949',
        figure: { value: 1776949, kind: 'people' },
      },
      {
        key: 'land-area',
        label: 'Land area',
        text: '2,433.61 km² (computed from the boundary)',
        figure: { value: 2433.612, kind: 'area' },
      },
      { key: 'density', label: 'Density', text: '730 per km²', figure: { value: 730.2, kind: 'density' } },
    ]);
  });

  test('a count that is not the place’s own is shown and said whose, with no figure to compare', () => {
    const part: Facts = { code: '1380100189', name: 'Barangay 176-A', kind: 'Barangay', population: 261729 };
    const population = factRows({ ...part, populationOf: 'Barangay 176 (4Q 2023)' }).find(
      (row) => row.key === 'population-2020',
    )!;
    expect(population.text).toMatch(/^261,729: the count of the whole of Barangay 176/);
    expect(population.figure).toBeUndefined();
  });
});
