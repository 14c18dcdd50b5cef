import { describe, expect, test } from 'vitest';
import type { ResolvedPlace } from '../../contract/types.ts';
import { resolvedPlace } from '../../matching/test-support.ts';
import type { RowOutcome } from '../../matching/types.ts';
import { ALL_ROWS, findRows, type ReviewFilter, reviewRows, searchWords } from './review-rows.ts';
import { placeLabel, RowIndex } from './row-index.ts';

const place = (name: string, town: string, province: string, confidence: number) =>
  resolvedPlace({
    name,
    barangay: { code: '1', name },
    city_municipality: { code: '2', name: town },
    province: { code: '3', name: province },
    confidence,
  });
const outcome = (status: RowOutcome['status'], p: ResolvedPlace | null, fixed = false): RowOutcome => ({
  status,
  match: p,
  candidates: p ? [p] : [],
  ...(fixed && { fixed }),
});

const results: (RowOutcome | null)[] = [
  outcome('matched', place('Lahug', 'City of Cebu', 'Cebu', 0.9)),
  outcome('ambiguous', place('Santo Niño', 'Parañaque', 'Metro', 0.3)),
  outcome('unmatched', null),
  outcome('matched', place('Poblacion', 'Kadingilan', 'Bukidnon', 1), true),
  null,
];
const texts = ['Gorordo Ave, Lahug', 'Sto Nino', 'xyz', 'Pob, Kadingilan', 'later'];

const index = new RowIndex(results.length);
index.setAll(0, results);

/** The rows shown for a filter, its words looked for in the texts above read in chunks of two rows. */
async function shown(filter: ReviewFilter): Promise<number[]> {
  const words = searchWords(filter.text);
  const found = words.length
    ? await findRows(index, words, 2, async (k) => texts.slice(2 * k, 2 * k + 2), new AbortController().signal)
    : null;
  return reviewRows(index, filter, found);
}

describe('the review', () => {
  test('counts each status, fixed rows as matched too, and rows not yet matched', () => {
    expect(index.counts()).toEqual({ matched: 2, ambiguous: 1, unmatched: 1, fixed: 1, pending: 1 });
  });

  test('filters by status, fixed, confidence and words in the address or the place, any accent or case', async () => {
    expect(await shown(ALL_ROWS)).toEqual([0, 1, 2, 3, 4]);
    expect(await shown({ ...ALL_ROWS, status: 'ambiguous' })).toEqual([1]);
    expect(await shown({ ...ALL_ROWS, status: 'fixed' })).toEqual([3]);
    expect(await shown({ ...ALL_ROWS, minConfidence: 0.5 })).toEqual([0, 3]);
    expect(await shown({ ...ALL_ROWS, maxConfidence: 0.5 })).toEqual([1, 2, 4]);
    expect(await shown({ ...ALL_ROWS, text: 'PARANAQUE nino' })).toEqual([1]);
    expect(await shown({ ...ALL_ROWS, text: 'gorordo' })).toEqual([0]);
    // One word in the address, one in the place.
    expect(await shown({ ...ALL_ROWS, text: 'gorordo cebu' })).toEqual([0]);
  });

  test('sorts by confidence, least sure first, and by place, province first', async () => {
    expect(await shown({ ...ALL_ROWS, sort: 'confidence' })).toEqual([2, 4, 1, 0, 3]);
    expect(await shown({ ...ALL_ROWS, sort: 'place', status: 'matched' })).toEqual([3, 0]);
  });

  test('a search stops when a newer one aborts it', async () => {
    const controller = new AbortController();
    const reading = findRows(
      index,
      ['cebu'],
      2,
      async (k) => {
        if (k === 1) controller.abort();
        return texts.slice(2 * k, 2 * k + 2);
      },
      controller.signal,
    );
    await expect(reading).rejects.toThrow();
  });

  test('a place reads barangay, town, province', () => {
    expect(placeLabel(index.placeOf(0))).toBe('Lahug · City of Cebu · Cebu');
    expect(placeLabel(index.placeOf(2))).toBe('');
  });
});
