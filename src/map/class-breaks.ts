import { ckmeans, equalIntervalBreaks, quantileSorted } from 'simple-statistics';

/**
 * How a choropleth's figures are cut into classes, by simple-statistics (a maintained library, not our own
 * arithmetic): the explorer's shading and a user's own figures share these rules and this legend arithmetic.
 */
export const CLASS_METHODS = ['quantiles', 'equal', 'natural'] as const;
export type ClassMethod = (typeof CLASS_METHODS)[number];

export const METHOD_LABELS: Record<ClassMethod, string> = {
  quantiles: 'Quantiles (about as many places in each class)',
  equal: 'Equal intervals (classes of equal width)',
  natural: 'Natural breaks (gaps in the figures)',
};

/**
 * The lower bounds of classes 2…n, ascending, each above the smallest value: a value at or above a bound is in
 * the class it opens. Ties and few distinct values give fewer classes, never an empty one at either end.
 * - quantiles: numpy's linear quantiles of the sorted values (a bound may fall between two values);
 * - equal: the range cut into equal widths;
 * - natural: Ckmeans, the optimal 1-D k-means (Jenks' natural breaks made exact), each class opening at its
 *   smallest value.
 */
export function classBreaks(values: readonly number[], method: ClassMethod, classes = 5): number[] {
  // A typed array sorts numbers as numbers, and fast (a table of every barangay is 42,000 of them).
  const sorted = Array.from(Float64Array.from(values).sort());
  if (sorted.length < 2 || sorted[0] === sorted[sorted.length - 1]) return [];
  let bounds: number[];
  if (method === 'quantiles') {
    bounds = [];
    for (let i = 1; i < classes; i++) bounds.push(quantileSorted(sorted, i / classes));
  } else if (method === 'equal') {
    bounds = equalIntervalBreaks(sorted, classes).slice(1, -1);
  } else {
    const distinct = new Set(sorted).size;
    bounds = ckmeans(sorted, Math.min(classes, distinct))
      .slice(1)
      .map((cluster) => cluster[0]);
  }
  const breaks: number[] = [];
  for (const bound of bounds) {
    // A bound at the smallest value, or at the bound before it, would make an empty class.
    if (bound > sorted[0] && bound !== breaks[breaks.length - 1]) breaks.push(bound);
  }
  return breaks;
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
