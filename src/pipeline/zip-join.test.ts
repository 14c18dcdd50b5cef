import { describe, expect, test } from 'vitest';
import type { Hierarchy, Unit } from '../dataset/types.ts';
import { bareUnit as unit } from './hierarchy.ts';
import { joinZipCodes, nearKeys, zipNameKeys } from './zip-join.ts';
import type { ZipRow } from './zip-table.ts';

/** A few units as the 4Q 2024 list gives them, parents set. */
const units: Unit[] = [
  unit('0400000000', 'Region IV-A (CALABARZON)', 'Reg', null, null),
  unit('0403400000', 'Laguna', 'Prov', '0400000000', null),
  unit('0403405000', 'City of Calamba', 'City', '0403400000', null),
  unit('0403405010', 'Canlubang', 'Bgy', '0403405000', null),
  unit('0403411000', 'Los Baños', 'Mun', '0403400000', null),
  unit('0403428000', 'City of Santa Rosa', 'City', '0403400000', null),
  unit('0403404000', 'Calauan', 'Mun', '0403400000', null),
  unit('0403456000', 'Quezon', 'Prov', '0400000000', null),
  unit('0405621000', 'Quezon', 'Mun', '0403456000', null),
  unit('1400000000', 'Cordillera Administrative Region (CAR)', 'Reg', null, null),
  unit('1403200000', 'Kalinga', 'Prov', '1400000000', null),
  unit('1403209000', 'Pinukpuk', 'Mun', '1403200000', null),
  unit('1408100000', 'Apayao', 'Prov', '1400000000', null),
  unit('1408101000', 'Calanasan (Bayag)', 'Mun', '1408100000', null),
  unit('1300000000', 'National Capital Region (NCR)', 'Reg', null, null),
  unit('1380300000', 'City of Makati', 'City', '1300000000', null),
  unit('1380600000', 'City of Manila', 'City', '1300000000', null),
  unit('1380601000', 'Tondo I/II', 'SubMun', '1380600000', null),
  unit('1380606000', 'Sampaloc', 'SubMun', '1380600000', null),
  unit('1380614000', 'Santa Ana', 'SubMun', '1380600000', null),
  unit('1100000000', 'Region XI (Davao Region)', 'Reg', null, null),
  unit('1102400000', 'Davao del Sur', 'Prov', '1100000000', null),
  unit('1102402000', 'City of Davao', 'City', '1100000000', null),
];
const hierarchy: Hierarchy = { area: {}, geoProvince: { '1102402000': '1102400000' } };

let n = 0;
const row = (sheet: string, header: string, name: string, zip: string): ZipRow => ({
  sheet,
  row: ++n,
  header,
  name,
  zip,
});

describe('joining PHLPost ZIP codes to the code list', () => {
  test('folds names as the table and the code list write them', () => {
    expect(zipNameKeys('City of Calamba')).toContain('calamba');
    expect(zipNameKeys('Sta. Rosa')).toContain('santarosa');
    expect(zipNameKeys('Banna (formerly Espiritu)')).toEqual(expect.arrayContaining(['banna', 'espiritu']));
    expect(zipNameKeys('Sampaloc East')).toContain('sampaloc');
    expect(zipNameKeys('Tondo I/II')).toContain('tondo');
    expect(zipNameKeys('Las Piñas CPO')).toContain('laspinas');
    expect(nearKeys('caluan', 'calauan')).toBe(true);
    expect(nearKeys('calamba', 'calauan')).toBe(false);
  });

  test('gives each town the ZIP codes of the rows that name it within its province, and says which were left', () => {
    const rows = [
      row('LUZON', 'LAGUNA', 'Calamba', '4027'),
      row('LUZON', 'LAGUNA', 'Canlubang', '4028'),
      row('LUZON', 'LAGUNA', 'Sta. Rosa', '4026'),
      row('LUZON', 'LAGUNA', 'Caluan', '4012'),
      row('LUZON', 'LAGUNA', 'Laguna Technopark', '4034'),
      row('LUZON', 'QUEZON PROVINCE', 'Quezon Capitol', '4300'),
      row('LUZON', 'KALINGA-APAYAO', 'Pinukpuk', '3806'),
      row('LUZON', 'KALINGA-APAYAO', 'Calanasan', '3814'),
      row('MINDANAO', 'DAVAO DEL SUR', 'Davao City', '8000'),
      row('METRO MANILA', 'MAKATI CITY', 'Bel-air', '1209'),
      row('METRO MANILA', 'MAKATI CITY', 'Makati CPO', '1200'),
      row('METRO MANILA', 'MANILA', 'Sampaloc East', '1008'),
      row('METRO MANILA', 'MANILA', 'Tondo North', '1013'),
      row('METRO MANILA', 'MANILA', 'San Andres Bukid', '1017'),
      row('METRO MANILA', 'MANILA', 'Sta Mesa', '1016'),
    ];
    const { zipsOf, report } = joinZipCodes(rows, units, hierarchy, 'test.xlsx');
    expect(zipsOf.get('0403405000')).toEqual(['4027', '4028']);
    expect(zipsOf.get('0403428000')).toEqual(['4026']);
    expect(zipsOf.get('0403404000')).toEqual(['4012']);
    expect(zipsOf.get('1403209000')).toEqual(['3806']);
    expect(zipsOf.get('1408101000')).toEqual(['3814']);
    expect(zipsOf.get('1102402000')).toEqual(['8000']);
    expect(zipsOf.get('1380300000')).toEqual(['1200', '1209']);
    expect(zipsOf.get('1380606000')).toEqual(['1008', '1016']);
    expect(zipsOf.get('1380601000')).toEqual(['1013']);
    expect(zipsOf.get('1380614000')).toEqual(['1017']);
    expect(zipsOf.get('1380600000')).toEqual(['1008', '1013', '1016', '1017']);
    // the capitol of Quezon province is not the town of Quezon
    expect(zipsOf.has('0405621000')).toBe(false);
    expect(report.unjoined.map((u) => u.name)).toEqual(['Laguna Technopark', 'Quezon Capitol']);
    expect(report.byRule).toEqual({ town: 5, near: 1, barangay: 1, city: 2, district: 4 });
    expect(report.joined).toBe(rows.length - 2);
    expect(report.towns.withZip).toBe(report.towns.total - report.withoutZip.length);
    expect(report.withoutZip.map((t) => t.name)).toEqual(['Los Baños', 'Quezon']);
  });

  test('leaves a row that names two towns of its province unjoined', () => {
    const two = [
      ...units,
      unit('1906607000', 'Old Panamao', 'Mun', '1906600000', null),
      unit('1906616000', 'Panglima Estino', 'Mun', '1906600000', null),
      unit('1906600000', 'Sulu', 'Prov', '1900000000', null),
    ];
    two[two.length - 2].oldNames = ['New Panamao'];
    const { zipsOf, report } = joinZipCodes([row('MINDANAO', 'SULU', 'Panamao', '7402')], two, hierarchy, 't');
    expect(zipsOf.size).toBe(0);
    expect(report.unjoined[0].reason).toMatch(/Old Panamao, Panglima Estino/);
  });
});
