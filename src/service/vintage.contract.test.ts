/**
 * Every answer names the code list it was made from: the header X-PSGC-Vintage, on each endpoint of
 * the table, errors included. Runs on each vintage built (src/test/tiers.ts).
 */
import { describe, expect, test } from 'vitest';
import { VINTAGE_HEADER } from '../contract/vintage.ts';
import { api, serviceServer, testDataset } from '../test/service-server.ts';
import { VINTAGE } from '../test/vintage.ts';
import { ENDPOINTS } from './endpoints/table.ts';

serviceServer();

/** One request per endpoint: its path with an id no unit has, and an empty body where it reads one. */
const requests = ENDPOINTS.map((e) => ({
  label: `${e.method} ${e.path}`,
  path: e.path.replace(':id', '0000000000'),
  method: e.method,
  body: e.body ? {} : undefined,
}));

describe('the vintage on every answer', () => {
  test('the manifest under test names a PSA quarter', async () => {
    expect((await testDataset()).manifest.vintage).toBe(VINTAGE);
    expect(VINTAGE).toMatch(/^[1-4]Q \d{4}$/);
  });

  test.each(requests)('$label', async ({ path, method, body }) => {
    const answer = await api(path, { method, body });
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.headers.get(VINTAGE_HEADER)).toBe(VINTAGE);
  });

  test('a refused key and a bad parameter say it too', async () => {
    expect((await api('/v1/regions', { key: null })).headers.get(VINTAGE_HEADER)).toBe(VINTAGE);
    expect((await api('/v1/regions?geometry=huge')).headers.get(VINTAGE_HEADER)).toBe(VINTAGE);
  });
});
