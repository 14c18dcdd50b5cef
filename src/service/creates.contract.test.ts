/** Creations the properties found going wrong, each kept as a plain regression test. */
import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';

serviceServer();

describe('creating regions and provinces', () => {
  test('a region is found by its string id even when another region is coded like that id', async () => {
    expect((await api('/v1/regions', { body: { name: 'Lookalike', code: 'REGION-LK' } })).status).toBe(201);
    const real = await api('/v1/regions', { body: { name: 'Real', code: 'LK' } });
    expect(real.body.id).toBe('region-lk');
    expect((await api('/v1/regions/region-lk')).body.data).toMatchObject({ name: 'Real', code: 'LK' });
    const province = await api('/v1/provinces', { body: { name: 'Under Real', code: 'LKP', region_id: 'region-lk' } });
    expect(province.body.region_id).toBe('region-lk');
    expect((await api('/v1/provinces?region_id=region-lk')).body.data.map((p: { code: string }) => p.code)).toEqual([
      'LKP',
    ]);
  });

  test('a second province of the same name in a created region is a 409, as in a built-in one', async () => {
    expect((await api('/v1/regions', { body: { name: 'New Region', code: 'NEWR' } })).status).toBe(201);
    const first = await api('/v1/provinces', { body: { name: 'Twin', code: 'TWA', region_id: 'region-newr' } });
    expect(first.status).toBe(201);
    const second = await api('/v1/provinces', { body: { name: ' twin ', code: 'TWB', region_id: 'region-newr' } });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({ code: 'duplicate', details: { field: 'name' } });
  });
});
