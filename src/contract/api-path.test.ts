import { describe, expect, test } from 'vitest';
import { apiPath, canonicalPath } from './api-path.ts';

describe('the one spelling of a path', () => {
  test.each([
    ['/v1/regions', '/v1/regions'],
    ['/v1/regions/', '/v1/regions'],
    ['/v1//regions//NCR/', '/v1/regions/NCR'],
    ['/v1/%72egions', '/v1/regions'],
    ['/%76%31/regions', '/v1/regions'],
    ['/v1/regions/%4e%43%52', '/v1/regions/NCR'],
    ['/v1/regions/a%2fb', '/v1/regions/a%2Fb'],
    ['/v1/regions/%C3%B1', '/v1/regions/%C3%B1'],
    ['/v1/regions/%', '/v1/regions/%'],
    ['/', '/'],
  ])('%s is %s', (path, canonical) => {
    expect(canonicalPath(path)).toBe(canonical);
    expect(canonicalPath(canonical)).toBe(canonical);
  });

  test('only /v1 and what is under it, spelled exactly, is the API', () => {
    expect(apiPath('/v1')).toBe('/v1');
    expect(apiPath('/v1/')).toBe('/v1');
    expect(apiPath('/v1/geocode')).toBe('/v1/geocode');
    for (const path of ['/V1/regions', '/x/v1/regions', '/v1x', '/v10/regions', '/', '/%56%31/regions']) {
      expect(apiPath(path), path).toBeNull();
    }
  });
});
