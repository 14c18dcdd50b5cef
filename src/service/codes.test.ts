import { describe, expect, test } from 'vitest';
import { provinceShortCode, regionShortCode } from './codes.ts';

describe('short codes', () => {
  test.each([
    ['National Capital Region (NCR)', 'NCR'],
    ['Cordillera Administrative Region (CAR)', 'CAR'],
    ['Bangsamoro Autonomous Region In Muslim Mindanao (BARMM)', 'BARMM'],
    ['Negros Island Region (NIR)', 'NIR'],
    ['MIMAROPA Region', 'MIMAROPA'],
    ['Region IV-A (CALABARZON)', 'IVA'],
    ['Region XII (SOCCSKSARGEN)', 'XII'],
    ['Region I (Ilocos Region)', 'I'],
    ['Region XIII (Caraga)', 'XIII'],
  ])('region %s is %s', (name, code) => {
    expect(regionShortCode(name)).toBe(code);
  });

  test('provinces use their ISO 3166-2:PH code', () => {
    expect(provinceShortCode('Cebu')).toBe('CEB');
    expect(provinceShortCode('Davao de Oro')).toBe('COM');
    expect(provinceShortCode('Samar')).toBe('WSA');
  });
});
