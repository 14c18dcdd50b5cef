import { describe, expect, test } from 'vitest';
import { isLongEnoughQuery, QUERY_MIN } from './rules.ts';

describe('a search text', () => {
  test(`is long enough with ${QUERY_MIN} letters or digits, in any script`, () => {
    for (const text of ['ce', '12', ' Ce ', 'ñu', 'ᜃᜒ', 'Ｃｅ', 'a b']) expect(isLongEnoughQuery(text), text).toBe(true);
  });

  test('is too short with fewer, however many spaces and punctuation marks stand around them', () => {
    for (const text of ['', 'c', ' c ', '!!', 'é.', '--', '  ', '🌴🌴'])
      expect(isLongEnoughQuery(text), text).toBe(false);
  });
});
