import { skipToken } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { geocodeQueries } from './geocode.ts';
import { municityQueries } from './municities.ts';

// The client's minimum was two characters of any kind, the service's two letters or digits: "!!" was sent and
// came back a 400. Both now read isLongEnoughQuery.
describe('a search the service would refuse as too short', () => {
  test.each(['!!', 'é.', ' c ', '--'])('%j is not sent, for towns or for places', (text) => {
    expect(municityQueries.search(text).queryFn).toBe(skipToken);
    expect(geocodeQueries.search(text).queryFn).toBe(skipToken);
    expect(geocodeQueries.places(text).queryFn).toBe(skipToken);
  });

  test('two letters or digits are sent', () => {
    expect(municityQueries.search(' ce ').queryFn).not.toBe(skipToken);
    expect(geocodeQueries.search('12').queryFn).not.toBe(skipToken);
  });
});
