import { describe, expect, test } from 'vitest';
import { matched, resolvedPlace } from '../../matching/test-support.ts';
import { createInterner } from './intern.ts';

const lahug = () => resolvedPlace();

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
