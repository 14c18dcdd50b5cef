import { describe, expect, test } from 'vitest';
import { shortCodeOfProvinceName, shortCodeOfRegionName } from './codes.ts';

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
    expect(shortCodeOfRegionName(name)).toBe(code);
  });

  test('provinces use their ISO 3166-2:PH code', () => {
    expect(shortCodeOfProvinceName('Cebu')).toBe('CEB');
    expect(shortCodeOfProvinceName('Davao de Oro')).toBe('COM');
    expect(shortCodeOfProvinceName('Samar')).toBe('WSA');
  });
});
