/**
 * The live-shaped mode (API_FLAVOUR=live, VITE_API_FLAVOUR=live): the service answers as the live service's
 * documentation shows (src/api/fixtures/live/), so the app can be run and tested against answers of that shape.
 * Over msw here; over HTTP in src/server/live-flavour.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';

serviceServer({ apiFlavour: 'live' });

describe('in the live-shaped mode', () => {
  test('the provinces come ten a page by default, with meta, as the documented example', async () => {
    const { status, body } = await api('/v1/provinces');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(10);
    expect(body.meta).toMatchObject({ page: 1, limit: 10, totalPages: Math.ceil(body.meta.total / 10) });
    expect(body.meta.total).toBeGreaterThan(80);
    expect(body.error).toBeNull();
  });

  test('a province is listed with a numeric id, its 9-digit code and its region as a number', async () => {
    const { body } = await api('/v1/provinces?limit=100');
    const abra = body.data.find((p: { name: string }) => p.name === 'Abra');
    expect(abra).toEqual({ id: 14001, name: 'Abra', code: '140100000', region_id: 140000000 });
    // Region I's code keeps its leading zero only as text; as a number the live service's example would drop it.
    const ilocos = body.data.find((p: { name: string }) => p.name === 'Ilocos Norte');
    expect(ilocos.region_id).toBe(10000000);
  });

  test("a province's detail is enveloped, with its 10-digit code and 'pop', and its towns beside it", async () => {
    const bare = await api('/v1/provinces/1403200000'); // Kalinga, the documented example
    expect(bare.body).toEqual({
      data: { id: 14032, name: 'Kalinga', code: '1403200000', pop: expect.any(Number) },
      error: null,
    });
    const withTowns = await api('/v1/provinces/14032?geometry=simple');
    expect(withTowns.body.data.code).toBe('1403200000');
    expect(withTowns.body.geojson.features.map((f: { properties: { name: string } }) => f.properties.name)).toContain(
      'City of Tabuk',
    );
  });

  test('the rest keeps the shapes both share: regions enveloped, towns with their province nested', async () => {
    const region = await api('/v1/regions/1');
    expect(region.body).toMatchObject({ data: { id: 1, code: '0100000000' }, error: null });
    const towns = await api('/v1/municities?province=Bohol&name=Al&limit=2');
    expect(towns.body.data.map((t: { name: string; type: string }) => [t.name, t.type])).toEqual([
      ['Alburquerque', 'Municipal'],
      ['Alicia', 'Municipal'],
    ]);
    expect(towns.body.data[0].province).toMatchObject({ code: '0701200000', name: 'Bohol' });
  });

  test('the barangays and the province search answer as documented, the same in both modes', async () => {
    const listed = await api('/v1/barangays?province=Cebu&municipality=Poro&limit=5');
    expect(listed.body.data).toHaveLength(5);
    expect(listed.body.meta).toMatchObject({ page: 1, limit: 5 });
    const found = await api('/v1/barangays/search', {
      body: { codes: ['0701201001', '0701201006'], geometry: 'simple', output: 'geojson' },
    });
    expect(found.body.features.map((f: { properties: { code: string } }) => f.properties.code)).toEqual([
      '0701201001',
      '0701201006',
    ]);
    const provinces = await api('/v1/provinces/search', {
      body: { codes: ['1206500000', '0701200000'], geometry: 'simple', output: 'geojson' },
    });
    expect(provinces.body.features.map((f: { properties: { name: string } }) => f.properties.name)).toEqual([
      'Sultan Kudarat',
      'Bohol',
    ]);
    const one = await api('/v1/barangays/0701201001');
    expect(one.status).toBe(200);
  });

  test('bad input is answered as in the standard mode', async () => {
    expect((await api('/v1/provinces?limit=101')).status).toBe(400);
    expect((await api('/v1/provinces?page=0')).status).toBe(400);
    expect((await api('/v1/provinces/nowhere')).status).toBe(404);
    expect((await api('/v1/provinces', { key: null })).status).toBe(401);
  });
});
