import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isPsgcCode, nineDigitFormOf, psgcCodeOf, regionCodeOf } from './psgc.ts';

describe('a PSGC code', () => {
  test('is ten digits, and nothing else is', () => {
    expect(isPsgcCode('1400000000')).toBe(true);
    for (const other of ['140000000', '14000000000', 'NIR', ' 1400000000', '14000000OO', '', null, 1400000000]) {
      expect(isPsgcCode(other), String(other)).toBe(false);
    }
  });

  test('is read from the 9-digit form, as a string or a number, or from its own form', () => {
    expect(psgcCodeOf('140100000')).toBe('1400100000'); // Abra, as the live service lists it
    expect(psgcCodeOf(140000000)).toBe('1400000000'); // the Cordillera, as a number
    expect(psgcCodeOf(10000000)).toBe('0100000000'); // Ilocos, its leading zero lost as a number
    expect(psgcCodeOf(' 1403200000 ')).toBe('1403200000'); // Kalinga, already 10
  });

  test('is not read from a short code, from nothing, or from digits of another length', () => {
    for (const other of ['ABR', '', null, undefined, '14010000', '14010000000']) {
      expect(psgcCodeOf(other), String(other)).toBeNull();
    }
  });

  test('written in the 9-digit form reads back as itself', () => {
    const code = fc
      .tuple(fc.integer({ min: 1, max: 19 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99999 }))
      .map(
        ([r, p, rest]) => `${String(r).padStart(2, '0')}0${String(p).padStart(2, '0')}${String(rest).padStart(5, '0')}`,
      );
    fc.assert(
      fc.property(code, (c) => {
        expect(nineDigitFormOf(c)).toHaveLength(9);
        expect(psgcCodeOf(nineDigitFormOf(c))).toBe(c);
      }),
    );
  });

  test('whose province digits do not start with 0 has no 9-digit form and is written as it is', () => {
    expect(nineDigitFormOf('1810500000')).toBe('1810500000');
  });

  test("names its region by its first two digits: a barangay's, a town's and a region's own", () => {
    expect(regionCodeOf('0730600041')).toBe('0700000000');
    expect(regionCodeOf('1380100000')).toBe('1300000000');
    expect(regionCodeOf('1400000000')).toBe('1400000000');
  });
});
