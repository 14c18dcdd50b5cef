/** Stored records are checked entry by entry when loaded, and a bad one is named with its place and why. */
import { describe, expect, test } from 'vitest';
import { type CreatedRecords, parseRecords } from './store.ts';

const region = (i: number) => ({
  numericId: 100 + i,
  stringId: `region-r${i}`,
  name: `Region ${i}`,
  code: `R${i}`,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const province = (i: number) => ({
  numericId: 100_000 + i,
  id: String(100_000 + i),
  name: `Province ${i}`,
  regionId: i % 2 ? 'region-r0' : 'region-ncr',
  code: `P${i}X`,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const valid = (): CreatedRecords => ({
  version: 1,
  regions: [region(0), region(1)],
  provinces: [province(0), province(1), province(2), province(3)],
});

describe('parseRecords', () => {
  test('accepts what the service stores, as it was stored', () => {
    expect(parseRecords(valid())).toEqual(valid());
    expect(parseRecords({ version: 1, regions: [], provinces: [] })).toEqual({
      version: 1,
      regions: [],
      provinces: [],
    });
  });

  /** [what the error says, the entry's place, the field changed (null: the entry itself), the value put there] */
  const cases: [string, 'regions' | 'provinces', number, string | null, unknown][] = [
    ['regions[0] is null', 'regions', 0, null, null],
    ['regions[1] is not an object', 'regions', 1, null, 'Region 1'],
    ['provinces[2] is not an object', 'provinces', 2, null, [province(2)]],
    ['provinces[3].name is not a string', 'provinces', 3, 'name', 5],
    ['regions[0].name must not be empty', 'regions', 0, 'name', ''],
    ['regions[1].name must be at most 200 characters', 'regions', 1, 'name', 'x'.repeat(201)],
    [
      'provinces[0].name must not contain control or format characters (it has U+202E)',
      'provinces',
      0,
      'name',
      'Cebu \u202Eusab',
    ],
    ['regions[0].name must not contain control or format characters (it has U+0000)', 'regions', 0, 'name', 'A\0'],
    ['regions[0].numericId is not a whole number of at least 100', 'regions', 0, 'numericId', '100'],
    ['regions[1].numericId is not a whole number of at least 100', 'regions', 1, 'numericId', 99],
    ['provinces[1].numericId is not a whole number of at least 100000', 'provinces', 1, 'numericId', 1.5],
    ["regions[1].numericId 100 is also regions[0]'s", 'regions', 1, 'numericId', 100],
    ['regions[1].code is not 1 to 16 letters', 'regions', 1, 'code', 'r1'],
    ['regions[0].stringId is not region-r0', 'regions', 0, 'stringId', 'region-x'],
    ['provinces[0].id is not 100000', 'provinces', 0, 'id', '100001'],
    ['provinces[2].code is not 2 to 10 letters', 'provinces', 2, 'code', 'P'],
    ["provinces[3].code P0X is also provinces[0]'s", 'provinces', 3, 'code', 'P0X'],
    ["provinces[3].regionId is not a region's string id", 'provinces', 3, 'regionId', '13'],
    ['provinces[1].createdAt is not an ISO 8601 date', 'provinces', 1, 'createdAt', 'yesterday'],
    ['regions[0].createdAt is not a string', 'regions', 0, 'createdAt', undefined],
  ];
  test.each(cases)('refuses a set where %s', (message, list, index, field, value) => {
    const records: any = valid();
    if (field === null) records[list][index] = value;
    else records[list][index][field] = value;
    expect(() => parseRecords(records)).toThrow(message);
  });

  test('refuses a set whose version or lists are not what the service writes', () => {
    expect(() => parseRecords({ ...valid(), version: 2 })).toThrow('version is not 1');
    expect(() => parseRecords({ ...valid(), provinces: {} })).toThrow('provinces is not an array');
  });

  test('refuses the second region of a code, naming the first', () => {
    const records = valid();
    Object.assign(records.regions[1], { code: 'R0', stringId: 'region-r0' });
    expect(() => parseRecords(records)).toThrow("regions[1].code R0 is also regions[0]'s");
  });

  test('accepts members, and records without them', () => {
    const records: CreatedRecords = valid();
    records.regions[0].members = ['0604500000', '0630200000'];
    records.regions[1].members = [];
    records.provinces[0].members = ['0704601000'];
    // a region and a province are different kinds: the same code in one of each is no clash
    records.provinces[1].members = ['0604500000'];
    expect(parseRecords(structuredClone(records))).toEqual(records);
    expect(parseRecords(valid()).regions[0]).not.toHaveProperty('members');
  });

  test.each([
    ['regions', 'a code', '0604500000'],
    ['provinces', 'an object', { members: ['0704601000'] }],
    ['regions', 'null', null],
  ] as const)('refuses %s whose members are %s, not an array', (list, _, members) => {
    const records: any = valid();
    records[list][1].members = members;
    expect(() => parseRecords(records)).toThrow(`${list}[1].members is not an array`);
  });

  test.each([
    ['nine digits', '060450000'],
    ['eleven digits', '06045000000'],
    ['letters', '06045000AB'],
    ['a number', 604500000],
    ['null', null],
    ['padded', ' 0604500000'],
  ])('refuses a member that is not a 10-digit string (%s), naming its place', (_, member) => {
    const records: any = valid();
    records.regions[0].members = ['0630200000', member];
    expect(() => parseRecords(records)).toThrow('regions[0].members[1] is not a 10-digit PSGC code');
  });

  test('refuses a member in two regions or two provinces, naming both places', () => {
    const regions: any = valid();
    regions.regions[0].members = ['0603000000', '0604500000'];
    regions.regions[1].members = ['0604500000'];
    expect(() => parseRecords(regions)).toThrow(/regions\[1\]\.members\[0\].*0604500000.*regions\[0\]\.members\[1\]/);
    const provinces: any = valid();
    provinces.provinces[1].members = ['0704601000'];
    provinces.provinces[3].members = ['0704602000', '0704601000'];
    expect(() => parseRecords(provinces)).toThrow(
      /provinces\[3\]\.members\[1\].*0704601000.*provinces\[1\]\.members\[0\]/,
    );
  });

  test('refuses what is not a set of records at all', () => {
    for (const value of [null, 'records', [], 1]) {
      expect(() => parseRecords(value)).toThrow('the stored records are not an object');
    }
  });
});
