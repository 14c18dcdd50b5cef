import { describe, expect, test } from 'vitest';
import { matched, resolvedPlace, unmatched } from '../../matching/test-support.ts';
import type { RowOutcome } from '../../matching/types.ts';
import { pointGroups, RowIndex } from './row-index.ts';

const LAHUG = resolvedPlace();
const GUADALUPE = resolvedPlace({ psgc_code: '0730600029', name: 'Guadalupe', lng: 123.88, lat: 10.32 });
const ambiguous = (p = LAHUG): RowOutcome => ({ status: 'ambiguous', match: p, candidates: [p] });
const fixed = (p = GUADALUPE): RowOutcome => ({ ...matched(p), fixed: true });

describe('the row index', () => {
  test('keeps the counts right as rows get, change and lose outcomes', () => {
    const index = new RowIndex(4);
    expect(index.counts()).toEqual({ matched: 0, ambiguous: 0, unmatched: 0, fixed: 0, pending: 4 });
    index.setAll(0, [matched(), ambiguous(), unmatched]);
    expect(index.counts()).toEqual({ matched: 1, ambiguous: 1, unmatched: 1, fixed: 0, pending: 1 });
    index.set(1, fixed());
    expect(index.counts()).toEqual({ matched: 2, ambiguous: 0, unmatched: 1, fixed: 1, pending: 1 });
    index.set(1, null);
    expect(index.counts()).toEqual({ matched: 1, ambiguous: 0, unmatched: 1, fixed: 0, pending: 2 });
    expect([0, 1, 2, 3].map((row) => index.isDone(row))).toEqual([true, false, true, false]);
  });

  test('a fixed row reads matched, sure, at the place chosen; a row without a place has none', () => {
    const index = new RowIndex(2);
    index.setAll(0, [fixed(), unmatched]);
    expect([index.statusOf(0), index.isFixed(0), index.confidence[0], index.placeOf(0)?.name]).toEqual([
      'matched',
      true,
      1,
      'Guadalupe',
    ]);
    expect([index.statusOf(1), index.placeOf(1), index.confidence[1]]).toEqual(['unmatched', null, 0]);
  });

  test('holds each place once, however many rows name it', () => {
    const index = new RowIndex(1000);
    for (let row = 0; row < 1000; row++) index.set(row, matched(row % 2 ? LAHUG : GUADALUPE));
    expect(index.places.map((p) => p.name)).toEqual(['Guadalupe', 'Lahug']);
  });

  test('draws one point per place and status, named by its first row, with its rows counted', () => {
    const index = new RowIndex(6);
    index.setAll(0, [matched(), unmatched, matched(), ambiguous(), fixed(LAHUG), matched(GUADALUPE)]);
    const { groups, groupOf } = pointGroups(index);
    expect(groups.map((g) => [g.firstRow, g.rows, g.status, g.place.name])).toEqual([
      [0, 2, 'matched', 'Lahug'],
      [3, 1, 'ambiguous', 'Lahug'],
      [4, 1, 'fixed', 'Lahug'],
      [5, 1, 'matched', 'Guadalupe'],
    ]);
    expect([0, 1, 2, 3, 4, 5].map(groupOf)).toEqual([0, -1, 0, 1, 2, 3]);
  });
});
