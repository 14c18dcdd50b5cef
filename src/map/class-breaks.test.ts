import { schemePuOr, schemeYlOrRd } from 'd3-scale-chromatic';
import { describe, expect, test } from 'vitest';
import { breaksAroundZero, classOf, classRanges } from './class-breaks.ts';
import { classBreaks } from './class-methods.ts';
import { classColours } from './palettes.ts';

const counts = (values: number[], breaks: number[]) => classRanges(values, breaks).map((r) => r?.count ?? 0);
const oneTo100 = Array.from({ length: 100 }, (_, i) => i + 1);

describe('class breaks', () => {
  test('quantiles put as many places in each class as the figures allow', () => {
    expect(counts(oneTo100, classBreaks(oneTo100, 'quantiles'))).toEqual([20, 20, 20, 20, 20]);
    // Skewed figures (a few large towns): still about a fifth in each class.
    const skewed = oneTo100.map((v) => v ** 3);
    expect(counts(skewed, classBreaks(skewed, 'quantiles'))).toEqual([20, 20, 20, 20, 20]);
  });

  test('equal intervals cut the range into equal widths, whatever the counts', () => {
    const values = [0, 1, 2, 3, 100];
    expect(classBreaks(values, 'equal')).toEqual([20, 40, 60, 80]);
    // Classes with no place are left out of the ranges, so a legend lists only what is on the map.
    expect(counts(values, classBreaks(values, 'equal'))).toEqual([4, 0, 0, 0, 1]);
  });

  test('natural breaks open a class at each gap in the figures', () => {
    const values = [1, 2, 3, 50, 51, 52, 100, 101];
    expect(classBreaks(values, 'natural', 3)).toEqual([50, 100]);
    // Fewer distinct figures than classes: one class each, no empty class.
    expect(classBreaks([4, 4, 9, 9], 'natural', 5)).toEqual([9]);
  });

  test('ties and a single figure give fewer classes, never an empty one at either end', () => {
    for (const method of ['quantiles', 'equal', 'natural'] as const) {
      expect(classBreaks([5, 5, 5], method)).toEqual([]);
      expect(classBreaks([7], method)).toEqual([]);
    }
    expect(counts([1, 1, 1, 1000], classBreaks([1, 1, 1, 1000], 'quantiles'))).toEqual([3, 1]);
  });

  test('every figure is in one class, and a larger figure never in a lower class', () => {
    const values = [3, -2, 8, 8, 15, 0.5, 42, 7];
    for (const method of ['quantiles', 'equal', 'natural'] as const) {
      const breaks = classBreaks(values, method);
      const sorted = [...values].sort((a, b) => a - b);
      for (let i = 1; i < sorted.length; i++)
        expect(classOf(sorted[i], breaks)).toBeGreaterThanOrEqual(classOf(sorted[i - 1], breaks));
      expect(counts(values, breaks).reduce((a, b) => a + b)).toBe(values.length);
    }
  });

  test('figures on both sides of zero get zero as a bound, so no class holds a fall and a rise', () => {
    const values = [-30, -5, -1, 2, 4, 9, 12];
    const breaks = breaksAroundZero(classBreaks(values, 'equal'), values);
    expect(breaks).toContain(0);
    for (const v of values) expect(classOf(v, breaks) < breaks.indexOf(0) + 1).toBe(v < 0);
    // Figures of one sign keep their breaks.
    expect(breaksAroundZero([10, 20], [5, 15, 25])).toEqual([10, 20]);
  });
});

describe('class colours', () => {
  test("a sequential palette is ColorBrewer's own scheme for that many classes, light to dark", () => {
    expect(classColours('YlOrRd', [10, 20, 30, 40])).toEqual([...schemeYlOrRd[5]]);
    // Two classes: the three-colour scheme's darker two, so neither is near white.
    expect(classColours('YlOrRd', [10])).toEqual(schemeYlOrRd[3].slice(1));
  });

  test('a diverging palette colours the classes below zero from one side and those above from the other', () => {
    // Two classes below zero, three above: each side three deep, from the six-colour scheme.
    const colours = classColours('PuOr', [-10, 0, 10, 20]);
    const scheme = schemePuOr[6];
    expect(colours).toEqual([scheme[1], scheme[2], scheme[3], scheme[4], scheme[5]]);
    // One class below, one above: the smallest scheme's two ends; its neutral middle is no class.
    expect(classColours('PuOr', [0])).toEqual([schemePuOr[3][0], schemePuOr[3][2]]);
  });
});
