/**
 * The facts the service gives of the whole country (the country tier: every vintage's whole build): the regions'
 * land areas add up to the Philippines'.
 */
import { expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';

serviceServer();

test('the regions add up to the country', async () => {
  const { body } = await api('/v1/regions?limit=100');
  const regions = body.data as { area_km2: number }[];
  // The Philippines' land area, about 300,000 km² (PSA; the boundaries' own computed total is a little less).
  const total = regions.reduce((s, r) => s + r.area_km2, 0);
  expect(total).toBeGreaterThan(290_000);
  expect(total).toBeLessThan(305_000);
});
