import { ckmeans, equalIntervalBreaks } from 'simple-statistics';
import { breaksOf, oneClass, quantileBreaks, sortedOf } from './class-breaks.ts';

/** How a user chooses to cut their figures into classes. */
export const CLASS_METHODS = ['quantiles', 'equal', 'natural'] as const;
export type ClassMethod = (typeof CLASS_METHODS)[number];

export const METHOD_LABELS: Record<ClassMethod, string> = {
  quantiles: 'Quantiles (about as many places in each class)',
  equal: 'Equal intervals (classes of equal width)',
  natural: 'Natural breaks (gaps in the figures)',
};

/** Equal intervals: the range cut into equal widths (see quantileBreaks for what breaks are). */
export function equalBreaks(values: readonly number[], classes = 5): number[] {
  const sorted = sortedOf(values);
  return oneClass(sorted) ? [] : breaksOf(equalIntervalBreaks(sorted, classes).slice(1, -1), sorted[0]);
}

/** Natural breaks: Ckmeans, the optimal 1-D k-means (Jenks' natural breaks made exact), a class at its smallest. */
export function naturalBreaks(values: readonly number[], classes = 5): number[] {
  const sorted = sortedOf(values);
  if (oneClass(sorted)) return [];
  const clusters = ckmeans(sorted, Math.min(classes, new Set(sorted).size));
  return breaksOf(
    clusters.slice(1).map((cluster) => cluster[0]),
    sorted[0],
  );
}

/** A method's breaks, by its name. */
export function classBreaks(values: readonly number[], method: ClassMethod, classes = 5): number[] {
  const of = { quantiles: quantileBreaks, equal: equalBreaks, natural: naturalBreaks }[method];
  return of(values, classes);
}
