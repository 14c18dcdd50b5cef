import { expect } from 'vitest';
import type { ResolvedPlace } from '../contract/types.ts';
import { TableError } from './table-error.ts';
import type { RowOutcome } from './types.ts';

/**
 * What the feature's tests share: a place as POST /v1/geocode/batch answers it (Barangay Lahug, City of Cebu,
 * with the real PSGC codes of every level, as JSON delivers it: every object its own), rows matched to it or to
 * nothing, and the TableError a read throws. Only test files import this.
 */
export const resolvedPlace = (over: Partial<ResolvedPlace> = {}): ResolvedPlace => ({
  psgc_code: '0730600041',
  level: 'Bgy',
  name: 'Lahug',
  barangay: { code: '0730600041', name: 'Lahug' },
  city_municipality: { code: '0730600000', name: 'City of Cebu' },
  province: { code: '0702200000', name: 'Cebu' },
  region: { code: '0700000000', name: 'Region VII (Central Visayas)' },
  lat: 10.33,
  lng: 123.9,
  confidence: 0.9,
  note: null,
  region_id: 7,
  province_id: '7022',
  municity_id: 730600,
  psgc_vintage: '2Q 2025',
  ...over,
});

/** A row matched to `place`, its one candidate a copy of it, as JSON delivers an answer (every object its own). */
export const matched = (place: ResolvedPlace = resolvedPlace()): RowOutcome => ({
  status: 'matched',
  match: place,
  candidates: [structuredClone(place)],
});

/** A row the service found nothing for (one object: a test may look for it by identity). */
export const unmatched: RowOutcome = { status: 'unmatched', match: null, candidates: [] };

/** The TableError a read throws (fails the test when it does not throw one). */
export async function refusal(reading: Promise<unknown>): Promise<TableError> {
  const error = await reading.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TableError);
  return error as TableError;
}
