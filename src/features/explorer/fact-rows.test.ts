import { describe, expect, test } from 'vitest';
import type { SplitBarangay } from '../../api/dataset.ts';
import { type Facts, factRows } from './fact-rows.ts';

const davao: Facts = {
  code: '1102400000',
  name: 'City of Davao',
  kind: 'City',
  cityClass: 'HUC',
  independentOf: 'Davao del Sur',
  income_class: '1st',
  population: 1848947,
  population_year: 2024,
  population_2024: 1848947,
  population_2020: 1776949,
  growth_2020_2024: 0.94,
  area_km2: 2433.612,
  density: 759.8,
  density_year: 2024,
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
        key: 'population-2024',
        label: 'Population (2024)',
        text: '1,848,947',
        figure: { value: 1848947, kind: 'people' },
      },
      {
        key: 'population-2020',
        label: 'Population (2020)',
        text: '1,776,949',
        figure: { value: 1776949, kind: 'people' },
      },
      {
        key: 'growth-2020-2024',
        label: 'Growth 2020–2024',
        text: '+0.94% a year',
        figure: { value: 0.94, kind: 'rate' },
      },
      {
        key: 'land-area',
        label: 'Land area',
        text: '2,433.61 km² (computed from the boundary)',
        figure: { value: 2433.612, kind: 'area' },
      },
      { key: 'density', label: 'Density (2024)', text: '760 per km²', figure: { value: 759.8, kind: 'density' } },
    ]);
  });

  test('a count that is not the place’s own is shown and said whose, with no figure to compare', () => {
    // As a list before 3Q 2025 gives it: the part of a split barangay with the whole's 2020 count.
    const part: Facts = {
      code: '1380100189',
      name: 'Barangay 176-A',
      kind: 'Barangay',
      population: 261729,
      population_year: 2020,
      population_2020: 261729,
    };
    const whole: SplitBarangay = {
      code: '1380100176',
      name: 'Barangay 176',
      vintages: ['4Q 2023'],
      since: '4Q 2024',
      town: '1380100000',
      townName: 'City of Caloocan',
      parts: [{ code: '1380100189', name: 'Barangay 176-A' }],
      point: null,
      geometry: null,
      population: 261729,
    };
    const population = factRows({ ...part, whole }).find((row) => row.key === 'population-2020')!;
    expect(population.text).toMatch(/^261,729: the count of the whole of Barangay 176 \(4Q 2023\)/);
    expect(population.figure).toBeUndefined();
  });
});
