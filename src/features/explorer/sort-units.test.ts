import { describe, expect, test } from 'vitest';
import { sortUnits } from './sort-units.ts';

const towns = [
  { name: 'Barangay 10', population: 500, area_km2: 2, density: 250, growth_2020_2024: -0.4 },
  { name: 'Barangay 2', population: 900, area_km2: 9, density: 100, growth_2020_2024: 1.2 },
  { name: 'Alpha', population: null, area_km2: null, density: null, growth_2020_2024: null },
  { name: 'Barangay 1', population: 900, area_km2: 0.5, density: 1800, growth_2020_2024: 0 },
];
const names = (list: { name: string }[]) => list.map((t) => t.name);

describe('sorting units', () => {
  test('by name reads numbers as numbers', () => {
    expect(names(sortUnits(towns, 'name'))).toEqual(['Alpha', 'Barangay 1', 'Barangay 2', 'Barangay 10']);
  });
  test('by a figure puts the largest first, ties by name, and units without it last', () => {
    expect(names(sortUnits(towns, 'population'))).toEqual(['Barangay 1', 'Barangay 2', 'Barangay 10', 'Alpha']);
    expect(names(sortUnits(towns, 'density'))).toEqual(['Barangay 1', 'Barangay 10', 'Barangay 2', 'Alpha']);
    expect(names(sortUnits(towns, 'area'))).toEqual(['Barangay 2', 'Barangay 10', 'Barangay 1', 'Alpha']);
    // Growth: the fastest growing first, the shrinking after those that held still, no figure last.
    expect(names(sortUnits(towns, 'growth'))).toEqual(['Barangay 2', 'Barangay 1', 'Barangay 10', 'Alpha']);
  });
  test('leaves the list it was given alone', () => {
    const before = names(towns);
    sortUnits(towns, 'density');
    expect(names(towns)).toEqual(before);
  });
  test("by a user's own figure, largest first, the units their table has no number for last", () => {
    const yours: Record<string, number | null> = { 'Barangay 10': 7, Alpha: -2, 'Barangay 2': null };
    expect(names(sortUnits(towns, 'yours', (t) => yours[t.name]))).toEqual([
      'Barangay 10',
      'Alpha',
      'Barangay 1',
      'Barangay 2',
    ]);
  });
});
