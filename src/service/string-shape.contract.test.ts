import { expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';
import { REGION_COUNT } from '../test/vintage.ts';

// The service started in the string-id shape (REGION_SHAPE=string for npm run api).
serviceServer({ regionShape: 'string' });

test('lists regions as a bare data array with string ids and short codes', async () => {
  const { status, body } = await api('/v1/regions?limit=100');
  expect(status).toBe(200);
  expect(Object.keys(body)).toEqual(['data']);
  expect(body.data).toHaveLength(REGION_COUNT);
  expect(body.data.find((r: { code: string }) => r.code === 'NCR')).toMatchObject({
    id: 'region-ncr',
    name: 'National Capital Region (NCR)',
  });
  for (const region of body.data) {
    expect(typeof region.id).toBe('string');
    expect(region.code).toMatch(/^[A-Z]+$/);
  }
});

test('gets a region as the bare record, by its string id', async () => {
  const { body } = await api('/v1/regions/region-barmm');
  expect(body).toMatchObject({ id: 'region-barmm', code: 'BARMM' });
  expect(body.data).toBeUndefined();
});

test('drills down from a string-id region to its provinces', async () => {
  const { body } = await api('/v1/provinces?region_id=region-car');
  expect(body.data.map((p: { name: string }) => p.name)).toEqual([
    'Abra',
    'Apayao',
    'Benguet',
    'Ifugao',
    'Kalinga',
    'Mountain Province',
  ]);
});

test('creation answers the same string-id shape as in the numeric deployment', async () => {
  const { status, body } = await api('/v1/regions', { body: { name: 'Shape Test', code: 'SHP' } });
  expect(status).toBe(201);
  expect(body).toEqual({ id: 'region-shp', name: 'Shape Test', code: 'SHP' });
});
