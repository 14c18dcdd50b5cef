import { describe, expect, test } from 'vitest';
import type { Unit } from '../dataset/types.ts';
import { bareUnit } from './hierarchy.ts';
import { findSplits, splitsSince } from './splits.ts';

const unit = bareUnit;
const towns: Unit[] = [
  unit('1300000000', 'National Capital Region (NCR)', 'Reg', null, '130000000'),
  unit('1380100000', 'City of Caloocan', 'City', '1300000000', '137501000'),
  unit('1380100175', 'Barangay 175', 'Bgy', '1380100000', '137501175'),
];
const older: Unit[] = [
  ...towns,
  {
    ...unit('1380100176', 'Barangay 176', 'Bgy', '1380100000', '137501176'),
    population: 261729,
    census: { 2015: 246515, 2020: 261729 },
  },
  unit('1380100177', 'Barangay 177', 'Bgy', '1380100000', '137501177'),
];
const parts = ['A', 'B', 'C'].map((s, i) => unit(`138010019${i}`, `Barangay 176-${s}`, 'Bgy', '1380100000', null));

describe('findSplits', () => {
  test('finds a barangay gone from the newer list whose name is the stem of new barangays in its town', () => {
    const newer = [...towns, ...parts, unit('1380100177', 'Barangay 177', 'Bgy', '1380100000', '137501177')];
    expect(findSplits(older, newer)).toEqual([
      {
        code: '1380100176',
        name: 'Barangay 176',
        town: '1380100000',
        townName: 'City of Caloocan',
        parts: parts.map(({ code, name }) => ({ code, name })),
        population: 261729,
      },
    ]);
  });

  test('takes a new barangay whose old names give the old name as a part, whatever its own name', () => {
    const renamed = {
      ...unit('1380100195', 'Bagong Silang Norte', 'Bgy', '1380100000', null),
      oldNames: ['Barangay 176'],
    };
    const newer = [...towns, ...parts, renamed, unit('1380100177', 'Barangay 177', 'Bgy', '1380100000', '137501177')];
    expect(findSplits(older, newer)[0].parts.map((p) => p.name)).toContain('Bagong Silang Norte');
  });

  test('a name that only begins with the same digits is not a part ("Barangay 1760"), nor a barangay of another town', () => {
    const newer = [
      ...towns,
      unit('1380100190', 'Barangay 1760', 'Bgy', '1380100000', null),
      unit('1380100191', 'Barangay 1761', 'Bgy', '1380100000', null),
      unit('1380200001', 'Barangay 176-A', 'Bgy', '1380200000', null),
      unit('1380200002', 'Barangay 176-B', 'Bgy', '1380200000', null),
      unit('1380100177', 'Barangay 177', 'Bgy', '1380100000', '137501177'),
    ];
    expect(findSplits(older, newer)).toEqual([]);
  });

  test('one new barangay carrying the name is a rename, not a split', () => {
    const newer = [...towns, parts[0], unit('1380100177', 'Barangay 177', 'Bgy', '1380100000', '137501177')];
    expect(findSplits(older, newer)).toEqual([]);
  });

  test('a barangay still in the newer list was not split, even if new ones carry its name', () => {
    const newer = [...older, ...parts];
    expect(findSplits(older, newer)).toEqual([]);
  });
});

describe('splitsSince', () => {
  test('lists each old code once with the lists that had it, when its parts came, and its territory', () => {
    const newer = [...towns, ...parts, unit('1380100177', 'Barangay 177', 'Bgy', '1380100000', '137501177')];
    const middle = [...towns, unit('1380100176', 'Barangay 176', 'Bgy', '1380100000', '137501176')];
    const splits = splitsSince(
      [
        { vintage: '4Q 2023', units: older },
        { vintage: '4Q 2024', units: middle },
      ],
      newer,
      () => '2Q 2025',
      (code, vintage) => ({
        point: vintage === '4Q 2023' && code === '1380100176' ? [121, 14.7] : null,
        geometry: null,
      }),
    );
    expect(splits).toHaveLength(1);
    expect(splits[0]).toMatchObject({ vintages: ['4Q 2023', '4Q 2024'], since: '2Q 2025', point: [121, 14.7] });
  });
});
