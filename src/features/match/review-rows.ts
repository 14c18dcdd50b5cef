import { foldName } from '../../contract/names.ts';
import type { MatchStatus } from '../../contract/types.ts';
import type { RowOutcome } from '../../matching/types.ts';

/** Which rows the review shows: a status (a fixed row is also `matched`), a confidence range, words. */
export interface ReviewFilter {
  status: 'all' | MatchStatus | 'fixed';
  /** Rows below this confidence are hidden (0 shows all); unmatched rows count as 0. */
  minConfidence: number;
  /** Only rows at or below it (1 shows all): "the least sure first" work. */
  maxConfidence: number;
  text: string;
  sort: 'row' | 'confidence' | 'place';
}

export const ALL_ROWS: ReviewFilter = { status: 'all', minConfidence: 0, maxConfidence: 1, text: '', sort: 'row' };

export interface Counts {
  matched: number;
  ambiguous: number;
  unmatched: number;
  fixed: number;
  pending: number;
}

export function countStatuses(results: readonly (RowOutcome | null)[]): Counts {
  const counts: Counts = { matched: 0, ambiguous: 0, unmatched: 0, fixed: 0, pending: 0 };
  for (const r of results) {
    if (!r) counts.pending++;
    else {
      counts[r.status]++;
      if (r.fixed) counts.fixed++;
    }
  }
  return counts;
}

/** The place's names, largest last, as the review shows them: "Lahug · City of Cebu · Cebu". */
export function placeLabel(outcome: RowOutcome | null): string {
  const m = outcome?.match;
  if (!m) return '';
  return [
    m.barangay?.name,
    m.city_municipality?.name,
    m.province?.name ?? (m.barangay || m.city_municipality ? null : m.region.name),
  ]
    .filter(Boolean)
    .join(' · ');
}

const confidenceOf = (r: RowOutcome | null) => (r?.fixed ? 1 : (r?.match?.confidence ?? 0));

/**
 * The rows to show, by index, in order. `addressOf(i)` is row i's matched text (asked for only when there are
 * words to find); the words are looked for in it and in the place's names, all of them, in any case and accent.
 */
export function reviewRows(
  results: readonly (RowOutcome | null)[],
  addressOf: (row: number) => string,
  filter: ReviewFilter,
): number[] {
  const words = foldName(filter.text).split(/\s+/).filter(Boolean);
  const out: number[] = [];
  for (let i = 0; i < results.length; i++) {
    const r = results[i];
    if (filter.status === 'fixed' ? !r?.fixed : filter.status !== 'all' && r?.status !== filter.status) continue;
    const confidence = confidenceOf(r);
    if (confidence < filter.minConfidence || confidence > filter.maxConfidence) continue;
    if (words.length) {
      const haystack = foldName(`${addressOf(i)} ${placeLabel(r)}`);
      if (!words.every((w) => haystack.includes(w))) continue;
    }
    out.push(i);
  }
  if (filter.sort === 'confidence') out.sort((a, b) => confidenceOf(results[a]) - confidenceOf(results[b]) || a - b);
  if (filter.sort === 'place') {
    const labels = new Map(out.map((i) => [i, placeLabel(results[i]).split(' · ').reverse().join(' ')]));
    out.sort((a, b) => labels.get(a)!.localeCompare(labels.get(b)!) || a - b);
  }
  return out;
}

const STATUS_LABEL = { matched: 'Matched', ambiguous: 'Ambiguous', unmatched: 'Unmatched' } as const;

/** A row's status as the review says it; a row a person fixed says so. */
export function statusText(r: RowOutcome | null) {
  if (!r) return 'Not matched yet';
  return r.fixed ? 'Fixed' : STATUS_LABEL[r.status];
}
