import { describe, expect, test } from 'vitest';
import { route } from './route.ts';

const at = (url: string) => ({ request: new Request(url) });

describe('an msw route', () => {
  const byId = route('/v1/regions/:id');

  test('matches the canonical path on any origin, and reads its id decoded', () => {
    for (const url of ['http://a.test/v1/regions/NCR', 'https://b.test:8443/v1//regions/%4E%43%52/']) {
      expect(byId(at(url))).toEqual({ matches: true, params: { id: 'NCR' } });
    }
    expect(byId(at('http://a.test/v1/regions/San%20Jos%C3%A9')).params).toEqual({ id: 'San José' });
  });

  test('matches case-sensitively, from the start of the path, segment for segment', () => {
    for (const url of [
      'http://a.test/V1/regions/NCR',
      'http://a.test/v1/Regions/NCR',
      'http://a.test/x/v1/regions/NCR',
      'http://a.test/v1/regions',
      'http://a.test/v1/regions/NCR/x',
    ]) {
      expect(byId(at(url)).matches, url).toBe(false);
    }
  });

  test('a final * matches any rest under /v1, none included', () => {
    const rest = route('/v1/*');
    expect(rest(at('http://a.test/v1')).matches).toBe(true);
    expect(rest(at('http://a.test/v1/x/y')).matches).toBe(true);
    expect(rest(at('http://a.test/V1/x')).matches).toBe(false);
  });
});
