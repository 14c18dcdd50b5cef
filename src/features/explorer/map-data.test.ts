import { describe, expect, test } from 'vitest';
import type { DetailLevel } from '../../contract/types.ts';
import { provinceLevelOf, townDrawnKey } from './map-data.ts';

const loadedAt =
  (...levels: DetailLevel[]) =>
  (level: DetailLevel) =>
    levels.includes(level);

describe("the detail a province's towns are read at", () => {
  const province = { region: '4', province: '4010' };
  const town = { ...province, municity: 401001 };

  test('at the province step, the level the zoom calls for', () => {
    expect(provinceLevelOf(province, 'detailed', null, loadedAt('medium'))).toBe('detailed');
  });

  test('opening a town keeps the level the province was drawn at until the barangays are drawn', () => {
    expect(provinceLevelOf(town, 'detailed', null, loadedAt('simple', 'medium'))).toBe('medium');
    expect(provinceLevelOf(town, 'detailed', townDrawnKey(town, 'detailed'), loadedAt('medium'))).toBe('detailed');
  });

  test('a town drawn before, or at another level, does not count', () => {
    expect(provinceLevelOf(town, 'detailed', townDrawnKey({ municity: 401002 }, 'detailed'), loadedAt('medium'))).toBe(
      'medium',
    );
    expect(provinceLevelOf(town, 'detailed', townDrawnKey(town, 'medium'), loadedAt('medium'))).toBe('medium');
  });

  test('the level asked for when it is loaded already, and when nothing is (a link straight to a town)', () => {
    expect(provinceLevelOf(town, 'detailed', null, loadedAt('medium', 'detailed'))).toBe('detailed');
    expect(provinceLevelOf(town, 'detailed', null, loadedAt())).toBe('detailed');
  });
});
