/**
 * Against a server shaped as the live service documents it (ten provinces a page, numeric ids, 9-digit codes),
 * the lists the admin forms need whole come whole, read in the app's one shape.
 */
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { provinceQueries } from '../../api/provinces.ts';
import { indexRegions, regionQueries } from '../../api/regions.ts';
import { serviceServer } from '../../test/service-server.ts';

serviceServer({ apiFlavour: 'live' });

describe('a live-shaped service', () => {
  test('every province, past the first page of ten, each with its PSGC code and its region found', async () => {
    const client = new QueryClient();
    const { data } = await client.fetchQuery(provinceQueries.list());
    expect(data.length).toBeGreaterThan(80);
    expect(new Set(data.map((p) => p.id)).size).toBe(data.length);
    const regions = indexRegions(await client.fetchQuery(regionQueries.list()));
    const kalinga = data.find((p) => p.name === 'Kalinga');
    expect(kalinga).toMatchObject({ psgc_code: '1403200000', region_id: '1400000000' });
    expect(regions.byId.get(kalinga!.region_id)?.name).toMatch(/Cordillera/);
  });

  test("a province's detail, enveloped, reads as the record with its towns", async () => {
    const client = new QueryClient();
    const { data, geojson } = await client.fetchQuery(provinceQueries.detail('14032', 'simple'));
    expect(data).toMatchObject({ id: '14032', name: 'Kalinga', psgc_code: '1403200000' });
    expect(data.population).toBeGreaterThan(200_000);
    expect(geojson.features.length).toBeGreaterThan(5);
  });
});
