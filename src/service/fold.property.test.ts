import fc from 'fast-check';
import { expect, test } from 'vitest';
import { foldName, foldNameUnicode } from './params.ts';

// Latin letters with and without accents, in both normal forms, digits, punctuation, and a few letters and
// marks of other scripts and compatibility forms, so both of foldName's routes are taken.
const pieces = [
  ..."abcxyzABCXYZ0189 .,-()'/#ñÑáéíóúüÁÉ",
  'n\u0303',
  'e\u0301',
  '\u0301',
  '1\u0301',
  'ß',
  'æ',
  'İ',
  'Ｃｅｂｕ',
  'ﬁ',
  'ᜃᜒ',
  'مدينة',
  '宿务',
  '🌴',
];

test("foldName's ASCII shortcut gives the same answer as the Unicode route, for any mix of scripts", () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 12 }), (parts) => {
      const text = parts.join('');
      expect(foldName(text)).toBe(foldNameUnicode(text));
    }),
    { numRuns: 2000 },
  );
  expect(foldName('Dasmariñas, Santo Niño (Pob.)')).toBe('dasmarinas santo nino pob');
});
