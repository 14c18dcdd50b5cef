import { describe, expect, test } from 'vitest';
import type { DetailLevel } from '../../contract/types.ts';
import { drawnKeyOf, provinceLevelOf } from './map-data.ts';
import { type Step, stepOf } from './step.ts';
import type { ExplorerView } from './view.ts';

const townDrawnKey = (step: Step) => drawnKeyOf(step) ?? null;

const loadedAt =
  (...levels: DetailLevel[]) =>
  (level: DetailLevel) =>
    levels.includes(level);

describe("the detail a province's towns are read at", () => {
  const province = { region: '4', province: '4010' };
  const town = { ...province, municity: 401001 };
  /** The step a view shows where the zoom calls for `level`. */
  const at = (view: ExplorerView, level: DetailLevel = 'detailed') => stepOf(view, level);

  test('at the province step, the level the zoom calls for', () => {
    expect(provinceLevelOf(at(province), null, loadedAt('medium'))).toBe('detailed');
  });

  test('opening a town keeps the level the province was drawn at until the barangays are drawn', () => {
    expect(provinceLevelOf(at(town), null, loadedAt('simple', 'medium'))).toBe('medium');
    expect(provinceLevelOf(at(town), townDrawnKey(at(town)), loadedAt('medium'))).toBe('detailed');
  });

  test('a town drawn before, or at another level, does not count', () => {
    expect(provinceLevelOf(at(town), townDrawnKey(at({ ...province, municity: 401002 })), loadedAt('medium'))).toBe(
      'medium',
    );
    expect(provinceLevelOf(at(town), townDrawnKey(at(town, 'medium')), loadedAt('medium'))).toBe('medium');
  });

  test('the level asked for when it is loaded already, and when nothing is (a link straight to a town)', () => {
    expect(provinceLevelOf(at(town), null, loadedAt('medium', 'detailed'))).toBe('detailed');
    expect(provinceLevelOf(at(town), null, loadedAt())).toBe('detailed');
  });
});
