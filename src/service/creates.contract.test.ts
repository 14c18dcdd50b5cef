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

  test('a region named as another (case and accents aside) is a 409 naming the field, and nothing is created', async () => {
    const before = (await api('/v1/regions?limit=100')).body.data.length;
    const twin = await api('/v1/regions', { body: { name: ' davao region ', code: 'DVX' } });
    expect(twin.status).toBe(201); // "Region XI (Davao Region)" is another name
    const same = await api('/v1/regions', { body: { name: 'REGION XI (DAVAO REGION)', code: 'DVY' } });
    expect(same.status).toBe(409);
    expect(same.body.error).toMatchObject({
      code: 'duplicate',
      details: { field: 'name', name: 'Region XI (Davao Region)' },
    });
    const created = await api('/v1/regions', { body: { name: 'Davao Region', code: 'DVZ' } });
    expect(created.status).toBe(409);
    expect((await api('/v1/regions?limit=100')).body.data.length).toBe(before + 1);
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
