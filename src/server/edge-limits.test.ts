import { describe, expect, test } from 'vitest';
import { buildsGeometry, checkingInterval, isWrite, RateLimiter, Slots } from './edge-limits.ts';

const at = (path: string) => new URL(`http://127.0.0.1${path}`);

describe('which requests build geometry', () => {
  test('a GET with a geometry level on an endpoint that reads it, and every regions search', () => {
    for (const path of [
      '/v1/regions?geometry=detailed&output=geojson',
      '/v1/regions/13?geometry=simple',
      '/v1/provinces/7022?geometry=medium',
      '/v1/municities/1380600?geometry=true',
      '/v1/municities/1380600/?geometry=detailed&junk=1',
    ]) {
      expect(buildsGeometry('GET', at(path)), path).toBe(true);
    }
    expect(buildsGeometry('POST', at('/v1/regions/search'))).toBe(true);
    // A create's preview draws the outlines it would change.
    expect(buildsGeometry('POST', at('/v1/regions?dry_run=true'))).toBe(true);
    expect(buildsGeometry('POST', at('/v1/provinces?dry_run=1&geometry=detailed'))).toBe(true);
  });

  test('not lists without a level, or endpoints that never read it', () => {
    for (const path of [
      '/v1/regions',
      '/v1/regions?geometry=',
      '/v1/municities/1380600?geometry=false',
      '/v1/provinces?geometry=detailed',
      '/v1/municities/search?q=ma&geometry=detailed',
      '/v1/geocode?q=x&geometry=detailed',
      '/elsewhere?geometry=detailed',
    ]) {
      expect(buildsGeometry('GET', at(path)), path).toBe(false);
    }
    expect(buildsGeometry('POST', at('/v1/geocode/batch'))).toBe(false);
    // A create is a write: its own capacity, never the reads' slots.
    expect(buildsGeometry('POST', at('/v1/regions'))).toBe(false);
    expect(buildsGeometry('POST', at('/v1/provinces?dry_run=false'))).toBe(false);
  });
});

describe('which requests are writes', () => {
  const at = (path: string) => new URL(`http://x${path}`);
  test('creates, renames and undos of created units', () => {
    expect(isWrite('POST', at('/v1/regions'))).toBe(true);
    expect(isWrite('POST', at('/v1/provinces?dry_run=false'))).toBe(true);
    expect(isWrite('PATCH', at('/v1/regions/region-x'))).toBe(true);
    expect(isWrite('DELETE', at('/v1/provinces/100001'))).toBe(true);
  });
  test('not previews, searches or reads', () => {
    expect(isWrite('POST', at('/v1/regions?dry_run=true'))).toBe(false);
    expect(isWrite('POST', at('/v1/regions/search'))).toBe(false);
    expect(isWrite('POST', at('/v1/geocode/batch'))).toBe(false);
    expect(isWrite('GET', at('/v1/regions'))).toBe(false);
  });
});

describe('geometry slots', () => {
  test('at most size holders; a release lets the next one in', () => {
    const slots = new Slots(4);
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => slots.tryTake(key))).toEqual([true, true, true, true, false]);
    slots.release('b');
    expect(slots.tryTake('e')).toBe(true);
    expect(slots.inUse).toBe(4);
  });

  test('one key holds at most half of them, rounded up; its release is its own', () => {
    const slots = new Slots(5);
    expect([1, 2, 3, 4].map(() => slots.tryTake('a'))).toEqual([true, true, true, false]);
    expect(slots.tryTake('b')).toBe(true);
    slots.release('c'); // holds none: frees nothing
    expect(slots.inUse).toBe(4);
    slots.release('a');
    expect(slots.tryTake('a')).toBe(true);
    expect(new Slots(1).perOwner).toBe(1);
  });
});

describe('the line for a geometry slot', () => {
  test('a taker waits for a slot its key may hold, and is refused when the wait runs out or the line is full', async () => {
    const slots = new Slots(2, 50, 2); // one per key, a line of two, 50 ms of waiting
    expect(await slots.take('a')).toBe(true);
    const second = slots.take('a'); // the key holds its share: waits
    const other = slots.take('b'); // a free slot another key may hold: at once
    expect(await other).toBe(true);
    expect(slots.waiting).toBe(1);
    slots.release('a');
    expect(await second).toBe(true);
    expect(slots.inUse).toBe(2);
    const late = slots.take('a');
    const later = slots.take('b');
    expect(await slots.take('c')).toBe(false); // the line is full
    expect([await late, await later]).toEqual([false, false]); // 50 ms passed with no slot freed
    expect(slots.waiting).toBe(0);
  });
});

describe('the per-key token bucket', () => {
  test('a burst goes at once, then the sustained rate; the wait says when the next token comes', () => {
    let now = 0;
    const limiter = new RateLimiter(10, 3, 100, () => now);
    expect([1, 2, 3].map(() => limiter.take('a'))).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBeCloseTo(0.1);
    now += 100; // a tenth of a second: one token back
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    now += 10_000; // refills up to the burst, no further
    expect([1, 2, 3].map(() => limiter.take('a'))).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBeGreaterThan(0);
  });

  test('each key has its own bucket', () => {
    const limiter = new RateLimiter(1, 1, 100, () => 0);
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBeGreaterThan(0);
    expect(limiter.take('b')).toBe(0);
  });

  test('holds at most maxKeys buckets, dropping the least recently used', () => {
    const limiter = new RateLimiter(1, 1, 3, () => 0);
    for (const key of ['a', 'b', 'c', 'd', 'e']) limiter.take(key);
    expect(limiter.size).toBe(3);
    // 'a' was dropped: it starts again with a full bucket
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('e')).toBeGreaterThan(0);
  });
});

test('timeouts are checked at least four times within the shorter one, and at most once a second', () => {
  expect(checkingInterval({ headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 })).toBe(1000);
  expect(checkingInterval({ headersTimeoutMs: 400, requestTimeoutMs: 30_000 })).toBe(100);
});
