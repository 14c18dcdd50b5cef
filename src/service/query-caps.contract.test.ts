/**
 * Every text a query carries has a cap (docs/api-decisions.md, "Errors"): up to it the endpoint answers as
 * usual, one character over it is a 400 naming the parameter, before anything is folded or scanned.
 */
import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';

serviceServer();

/** [endpoint with the other parameters it needs, parameter, cap, what the endpoint answers at the cap] */
const caps: [string, string, number, number][] = [
  ['/v1/municities/search?', 'q', 300, 200],
  ['/v1/geocode?', 'q', 200, 200],
  ['/v1/regions?', 'search', 300, 200],
  ['/v1/municities?province=Cebu&', 'name', 300, 200],
  ['/v1/municities?', 'province', 300, 404],
  ['/v1/provinces?', 'region_id', 40, 404],
];

describe('text query parameters', () => {
  test.each(caps)(
    '%s%s= takes %i characters and refuses one more with a 400 naming it',
    async (path, param, cap, atCap) => {
      const text = (length: number) => `${'ab '.repeat(length).slice(0, length - 1)}z`;
      const at = await api(`${path}${param}=${encodeURIComponent(text(cap))}`);
      expect(at.status).toBe(atCap);
      const over = await api(`${path}${param}=${encodeURIComponent(text(cap + 1))}`);
      expect(over.status).toBe(400);
      expect(over.body).toEqual({
        data: null,
        error: {
          code: 'invalid_parameter',
          message: `${param} must be at most ${cap} characters`,
          details: { param, length: cap + 1 },
        },
      });
    },
  );

  test('a long text is refused by its length, however many characters it has', async () => {
    const { status, body } = await api(`/v1/geocode?q=${'x'.repeat(100_000)}`);
    expect(status).toBe(400);
    expect(body.error.details).toEqual({ param: 'q', length: 100_000 });
  });
});

describe('codes on /v1/regions', () => {
  const ncr = '1300000000';

  test('takes 100 codes, comma-separated or repeated', async () => {
    const commas = await api(`/v1/regions?codes=${Array(100).fill(ncr).join(',')}`);
    expect(commas.status).toBe(200);
    expect(commas.body.data.map((r: { code: string }) => r.code)).toEqual([ncr]);
    const repeated = await api(`/v1/regions?${Array(100).fill(`codes[]=${ncr}`).join('&')}`);
    expect(repeated.status).toBe(200);
  });

  test('refuses more text than 100 codes take with a 400 naming codes[], before splitting it', async () => {
    const { status, body } = await api(`/v1/regions?codes=${','.repeat(100_000)}`);
    expect(status).toBe(400);
    expect(body.error).toEqual({
      code: 'invalid_parameter',
      message: 'codes[] must be at most 1100 characters in all',
      details: { param: 'codes[]', length: 100_000 },
    });
  });
});
