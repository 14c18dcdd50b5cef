import { describe, expect, test } from 'vitest';
import { foldCaseSpacesAndMarks } from '../contract/names.ts';
import type { Unit } from '../dataset/types.ts';
import { describeChanges } from './changes.ts';
import { crosswalk } from './crosswalk.ts';
import { bareUnit } from './hierarchy.ts';

/** Rows as the 4Q 2023 and 4Q 2024 lists give them (a few of each), parents set. */
const unit = bareUnit;

const older: Unit[] = [
  unit('0600000000', 'Region VI (Western Visayas)', 'Reg', null, '060000000'),
  unit('0604500000', 'Negros Occidental', 'Prov', '0600000000', '064500000'),
  unit('0604502000', 'City of Bago', 'City', '0604500000', '064502000'),
  unit('0604502001', 'Abuanan', 'Bgy', '0604502000', '064502001'),
  unit('0700000000', 'Region VII (Central Visayas)', 'Reg', null, '070000000'),
  unit('0704600000', 'Negros Oriental', 'Prov', '0700000000', '074600000'),
  unit('0704609000', 'Dauin', 'Mun', '0704600000', '074609000'),
  unit('0704609001', 'Anahawan', 'Bgy', '0704609000', '074609001'),
  unit('0900000000', 'Region IX (Zamboanga Peninsula)', 'Reg', null, '090000000'),
  unit('0908300000', 'Zamboanga Sibugay', 'Prov', '0900000000', '098300000'),
  unit('0908304000', 'Imelda', 'Mun', '0908300000', '098304000'),
  unit('0908311000', 'Payao', 'Mun', '0908300000', '098311000'),
  unit('0908311008', 'Guintolan', 'Bgy', '0908311000', '098311008'),
  unit('1300000000', 'National Capital Region (NCR)', 'Reg', null, '130000000'),
  unit('1375000000', 'NCR, Third District (Not a Province)', 'Dist', '1300000000', '137500000'),
  unit('1380100000', 'City of Caloocan', 'City', '1375000000', '137501000'),
  unit('1380100176', 'Barangay 176', 'Bgy', '1380100000', '137501176'),
];

const newer: Unit[] = [
  unit('0600000000', 'Region VI (Western Visayas)', 'Reg', null, '060000000'),
  unit('0700000000', 'Region VII (Central Visayas)', 'Reg', null, '070000000'),
  unit('1800000000', 'Negros Island Region (NIR)', 'Reg', null, null),
  unit('1804500000', 'Negros Occidental', 'Prov', '1800000000', '064500000'),
  unit('1804502000', 'City of Bago', 'City', '1804500000', '064502000'),
  unit('1804502001', 'Abuanan', 'Bgy', '1804502000', '064502001'),
  unit('1804600000', 'Negros Oriental', 'Prov', '1800000000', '074600000'),
  unit('1804609000', 'Dauin', 'Mun', '1804600000', '074609000'),
  unit('1804609001', 'Anhawan', 'Bgy', '1804609000', '074609001'),
  unit('0900000000', 'Region IX (Zamboanga Peninsula)', 'Reg', null, '090000000'),
  unit('0908300000', 'Zamboanga Sibugay', 'Prov', '0900000000', '098300000'),
  unit('0908304000', 'Imelda', 'Mun', '0908300000', '098304000'),
  unit('0908304019', 'Guintolan', 'Bgy', '0908304000', '098311008'),
  unit('0908311000', 'Payao', 'Mun', '0908300000', '098311000'),
  unit('1300000000', 'National Capital Region (NCR)', 'Reg', null, '130000000'),
  unit('1380100000', 'City of Caloocan', 'City', '1300000000', '137501000'),
  unit('1380100189', 'Barangay 176-A', 'Bgy', '1380100000', null),
];

describe('pairing the units of two code lists', () => {
  const walk = crosswalk(older, newer);

  test('pairs unchanged codes with themselves', () => {
    expect(walk.oldOf.get('0908311000')).toBe('0908311000');
    expect(walk.rule.get('0908311000')).toBe('code');
  });

  test('finds provinces moved to a new region by their correspondence code and name', () => {
    expect(walk.oldOf.get('1804500000')).toBe('0604500000');
    expect(walk.rule.get('1804500000')).toBe('correspondence');
  });

  test('finds the towns and barangays of a recoded province by name within it', () => {
    expect(walk.oldOf.get('1804502000')).toBe('0604502000');
    expect(walk.oldOf.get('1804502001')).toBe('0604502001');
    expect(walk.rule.get('1804502001')).toBe('name-in-recoded-parent');
  });

  test('finds a barangay recoded and renamed with its town by its correspondence code', () => {
    expect(walk.oldOf.get('1804609001')).toBe('0704609001');
    expect(walk.rule.get('1804609001')).toBe('correspondence-in-recoded-parent');
  });

  test('finds a barangay moved to another town by its correspondence code and name', () => {
    expect(walk.oldOf.get('0908304019')).toBe('0908311008');
  });

  test('leaves new and removed units unpaired', () => {
    expect(walk.oldOf.has('1800000000')).toBe(false);
    expect(walk.oldOf.has('1380100189')).toBe(false);
    expect(walk.newOf.has('1380100176')).toBe(false);
    expect(walk.newOf.has('1375000000')).toBe(false);
  });

  test('settles a name shared by two candidates by the correspondence code, or pairs nothing', () => {
    const twins = [...older, unit('0604502002', 'Abuanan', 'Bgy', '0604502000', '064502002')];
    const walk = crosswalk(twins, newer);
    expect(walk.oldOf.get('1804502001')).toBe('0604502001');
    expect(walk.rule.get('1804502001')).toBe('correspondence-in-recoded-parent');
    const uncoded = newer.map((u) => (u.code === '1804502001' ? { ...u, correspondence: null } : u));
    expect(crosswalk(twins, uncoded).oldOf.has('1804502001')).toBe(false);
  });

  test('folds case, accents and spacing in names', () => {
    expect(foldCaseSpacesAndMarks('Santo  Niño ')).toBe(foldCaseSpacesAndMarks('santo nino'));
    expect(foldCaseSpacesAndMarks('Lobe-lobe')).toBe(foldCaseSpacesAndMarks('Lobe-Lobe'));
  });
});

describe('the change report', () => {
  const changes = describeChanges(older, newer, crosswalk(older, newer), { from: '4Q 2023', to: '4Q 2024' });

  test('counts each kind of change per level', () => {
    expect(changes.counts).toEqual({
      added: { Reg: 1, Bgy: 1 },
      removed: { Dist: 1, Bgy: 1 },
      recoded: { Prov: 2, City: 1, Mun: 1, Bgy: 3 },
      renamed: { Bgy: 1 },
      moved: { Prov: 2, City: 1, Bgy: 1 },
      reclassified: {},
    });
  });

  test('says where a moved unit was and where it is', () => {
    expect(changes.moved.find((m) => m.code === '1804600000')).toEqual({
      code: '1804600000',
      name: 'Negros Oriental',
      level: 'Prov',
      from: { code: '0700000000', name: 'Region VII (Central Visayas)' },
      to: { code: '1800000000', name: 'Negros Island Region (NIR)' },
    });
  });

  test('does not count a town as moved when its province was only recoded', () => {
    expect(changes.moved.map((m) => m.code)).not.toContain('1804502000');
  });
});
