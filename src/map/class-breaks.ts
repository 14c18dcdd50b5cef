/*
 * How a choropleth's figures are cut into classes, by simple-statistics (a maintained library, not our own
 * arithmetic), and the legend's arithmetic: the explorer's shading and a user's own figures share them. The
 * methods other than quantiles are in class-methods.ts, so a page that shades by quantiles only carries none of
 * their code (ckmeans and equal intervals would otherwise sit on the first screen's path).
 */
import { quantileSorted } from 'simple-statistics';

/** Values sorted as numbers: a typed array sorts them so, and fast (a table of every barangay is 42,000). */
export const sortedOf = (values: readonly number[]) => Array.from(Float64Array.from(values).sort());

/** Bounds made class breaks: one at the smallest value, or at the bound before it, would make an empty class. */
export function breaksOf(bounds: readonly number[], smallest: number): number[] {
  const breaks: number[] = [];
  for (const bound of bounds) if (bound > smallest && bound !== breaks[breaks.length - 1]) breaks.push(bound);
  return breaks;
}

/** Fewer than two distinct values: one class, no break. */
export const oneClass = (sorted: readonly number[]) => sorted.length < 2 || sorted[0] === sorted[sorted.length - 1];

/**
 * Each method gives the lower bounds of classes 2…n, ascending, each above the smallest value: a value at or above
 * a bound is in the class it opens. Ties and few distinct values give fewer classes, never an empty one at either
 * end. Quantiles: numpy's linear quantiles of the sorted values (a bound may fall between two values).
 */
export function quantileBreaks(values: readonly number[], classes = 5): number[] {
  const sorted = sortedOf(values);
  if (oneClass(sorted)) return [];
  const bounds = Array.from({ length: classes - 1 }, (_, i) => quantileSorted(sorted, (i + 1) / classes));
  return breaksOf(bounds, sorted[0]);
}

/**
 * Breaks with zero among them when the values run from below zero to above it, so no class holds both a fall
 * and a rise: the classes below zero and above it are coloured from the two sides of a diverging palette.
 */
export function breaksAroundZero(breaks: readonly number[], values: readonly number[]): number[] {
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < low) low = v;
    if (v > high) high = v;
  }
  if (!(low < 0 && high > 0) || breaks.includes(0)) return [...breaks];
  return [...breaks, 0].sort((a, b) => a - b);
}

/** The class (0 = lowest) of a value: how many breaks are at or below it. */
export function classOf(value: number, breaks: readonly number[]): number {
  let n = 0;
  while (n < breaks.length && value >= breaks[n]) n++;
  return n;
}

export interface ClassRange {
  /** The smallest and largest figure of the places in the class. */
  min: number;
  max: number;
  count: number;
}

/**
 * Each class's places: how many and the range of their own figures (not the bounds, which may lie between
 * figures); a class no place falls in is undefined, so a legend lists only classes on the map.
 */
export function classRanges(values: Iterable<number>, breaks: readonly number[]): (ClassRange | undefined)[] {
  const ranges: (ClassRange | undefined)[] = Array.from({ length: breaks.length + 1 }, () => undefined);
  for (const value of values) {
    const index = classOf(value, breaks);
    const known = ranges[index];
    if (known) {
      if (value < known.min) known.min = value;
      if (value > known.max) known.max = value;
      known.count++;
    } else ranges[index] = { min: value, max: value, count: 1 };
  }
  return ranges;
}
