import { describe, expect, test } from 'vitest';
import { cellText, districtCode, normaliseCode, parsePopulation } from './psgc.ts';

describe('reading the PSGC sheet', () => {
  test('pads codes that the sheet stores as numbers', () => {
    expect(normaliseCode(908800000, 10)).toBe('0908800000');
    expect(normaliseCode('1380600000', 10)).toBe('1380600000');
    expect(normaliseCode(99700000, 9)).toBe('099700000');
    expect(normaliseCode('', 10)).toBeNull();
    expect(normaliseCode(null, 10)).toBeNull();
  });

  test('trims names and flattens rich text', () => {
    expect(cellText('City of Marawi ')).toBe('City of Marawi');
    expect(cellText({ richText: [{ text: 'Urban / Rural\n' }, { text: '(based on 2020 CPH)' }] })).toBe(
      'Urban / Rural (based on 2020 CPH)',
    );
  });

  test('reads populations written as numbers, notes or formulas', () => {
    expect(parsePopulation(1767)).toBe(1767);
    expect(parsePopulation('(excluding CITY OF ISABELA) 426,207')).toBe(426207);
    expect(parsePopulation('(excluding CITY OF CAGAYAN DE ORO) 888,509 ')).toBe(888509);
    expect(parsePopulation({ formula: 'I1+I2', result: 1780148 })).toBe(1780148);
    expect(parsePopulation({ formula: 'I1+I2', result: { error: '#VALUE!' } })).toBeNull();
    expect(parsePopulation(null)).toBeNull();
  });

  test('gives NCR districts a code from their correspondence code', () => {
    expect(districtCode('133900000')).toBe('1339000000');
    expect(districtCode('137400000')).toBe('1374000000');
  });
});
