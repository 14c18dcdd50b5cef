import { describe, expect, test } from 'vitest';
import type { BatchGeocodeResult, ResolvedPlace } from '../../contract/types.ts';
import { createInterner } from './intern.ts';

/** A place as it arrives in JSON: every object its own. */
const lahug = (): ResolvedPlace => ({
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
});
const matched = (): BatchGeocodeResult => ({ status: 'matched', match: lahug(), candidates: [lahug()] });

describe('createInterner', () => {
  test('rows naming the same units share their objects, and a matched row its one candidate', () => {
    const intern = createInterner();
    const [a, b] = [intern(matched()), intern(matched())];
    expect(a.match?.city_municipality).toBe(b.match?.city_municipality);
    expect(a.match?.region).toBe(b.match?.region);
    expect(a.candidates[0]).toBe(a.match);
    // Nothing is lost: the values are the same as before.
    expect(a).toEqual(matched());
  });

  test('another candidate keeps its own place', () => {
    const intern = createInterner();
    const other = { ...lahug(), psgc_code: '0731300000', level: 'City', confidence: 0.4 };
    const r = intern({ status: 'ambiguous', match: lahug(), candidates: [lahug(), other] });
    expect(r.candidates[1]).not.toBe(r.match);
    expect(r.candidates[1].psgc_code).toBe('0731300000');
    expect(intern(null)).toBeNull();
  });
});
