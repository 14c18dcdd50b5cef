import { describe, expect, test } from 'vitest';
import { looksLikeHeader } from './header.ts';

describe('looksLikeHeader', () => {
  test('takes usual column names as a header, even with no rows below', () => {
    expect(looksLikeHeader(['Facility Name', 'Complete Address'], [])).toBe(true);
  });

  test('takes a lone address as data', () => {
    expect(looksLikeHeader(['12 Rizal St, Marikina'], [])).toBe(false);
  });

  test('takes a row as data when a cell repeats in its column below, or two cells are the same', () => {
    expect(looksLikeHeader(['Poblacion', 'Tagum'], [['Magugpo', 'Tagum']])).toBe(false);
    expect(looksLikeHeader(['Quezon', 'Quezon'], [['Lucena', 'Quezon']])).toBe(false);
  });

  test('does not take a barangay named "Barangay 1" for a column name', () => {
    expect(looksLikeHeader(['Barangay 1', 'Tacloban City'], [['Barangay 2', 'Tacloban City']])).toBe(false);
    expect(looksLikeHeader(['Barangay 1', 'Tacloban'], [['Barangay 52', 'Ormoc']])).toBe(false);
  });

  test('takes names with digits over columns of numbers as a header (510’s 2015 census shares by barangay)', () => {
    const body = [
      ['PH012801001', '0.127232143', '0.055803571'],
      ['PH012802001', '0.143024619', '0.064478312'],
    ];
    expect(looksLikeHeader(['pcode_level4', 'perc_u5', 'perc_o65'], body)).toBe(true);
    // A first row shaped as the rows below is data.
    expect(
      looksLikeHeader(['PH012801002', 'Adams', 'Ilocos Norte'], [['PH012801003', 'Bacarra', 'Ilocos Norte']]),
    ).toBe(false);
  });
});
