import { describe, expect, test } from 'vitest';
import { codeOfId, idOfCode } from './unit-ids.ts';

describe("a unit's id and its PSGC code", () => {
  test('turn into each other at each level', () => {
    const units = [
      ['region', '4', '0400000000'],
      ['region', '13', '1300000000'],
      ['province', '4010', '0401000000'],
      ['province', '19999', '1999900000'], // the Special Geographic Area
      ['municity', '401001', '0401001000'],
      ['municity', '1380600', '1380600000'], // Manila
    ] as const;
    for (const [level, id, code] of units) {
      expect(codeOfId(level, id), `${level} ${id}`).toBe(code);
      expect(idOfCode(level, code), `${level} ${code}`).toBe(id);
    }
    expect(codeOfId('municity', 401001)).toBe('0401001000');
  });

  test('a unit with no PSGC code keeps its id: a created one, Metro Manila, a region named by its string id', () => {
    expect(codeOfId('region', '100')).toBeUndefined();
    expect(codeOfId('region', 'region-ncr')).toBeUndefined();
    expect(codeOfId('province', '100000')).toBeUndefined();
    expect(codeOfId('province', '13000')).toBeUndefined();
    expect(codeOfId('region', '0')).toBeUndefined();
  });

  test('a code of another level, or no code, names no unit of the level asked', () => {
    expect(idOfCode('region', '0401000000')).toBeUndefined();
    expect(idOfCode('province', '0400000000')).toBeUndefined();
    expect(idOfCode('province', '0401001000')).toBeUndefined();
    expect(idOfCode('municity', '0401001006')).toBeUndefined();
    expect(idOfCode('region', '4')).toBeUndefined();
    expect(idOfCode('region', '0000000000')).toBeUndefined();
  });
});
