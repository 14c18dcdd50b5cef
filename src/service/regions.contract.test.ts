import { describe, expect, test } from 'vitest';
import { api, BASE, serviceServer } from '../test/service-server.ts';
import { REGION_COUNT } from '../test/vintage.ts';

serviceServer();

describe('authentication', () => {
  test('answers 401 with the error shape when the key is missing or unknown', async () => {
    for (const key of [null, 'wrong-key']) {
      const { status, body } = await api('/v1/regions', { key });
      expect(status).toBe(401);
      expect(body).toEqual({ data: null, error: { code: 'unauthorized', message: expect.any(String) } });
    }
  });

  test('answers 404 with the error shape for an unknown endpoint', async () => {
    const { status, body } = await api('/v1/nowhere');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});

describe('GET /v1/regions', () => {
  test('pages the regions ten at a time by default, with links', async () => {
    const { status, body } = await api('/v1/regions');
    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.data).toHaveLength(10);
    expect(body.meta).toMatchObject({ total: REGION_COUNT, page: 1, limit: 10, totalPages: 2 });
    expect(body.meta.links.prev).toBeNull();
    expect(new URL(body.meta.links.next).searchParams.get('page')).toBe('2');
    const second = await api(new URL(body.meta.links.next).pathname + new URL(body.meta.links.next).search);
    expect(second.body.data).toHaveLength(REGION_COUNT - 10);
    expect(second.body.meta.links.next).toBeNull();
    expect(second.body.meta.links.prev).not.toBeNull();
  });

  test('serves the numeric-id shape: integer id and 10-digit PSGC code', async () => {
    const { body } = await api('/v1/regions?limit=100');
    const ncr = body.data.find((r: { name: string }) => r.name.includes('NCR'));
    expect(ncr).toMatchObject({ id: 13, code: '1300000000', short_code: 'NCR', string_id: 'region-ncr' });
    for (const region of body.data) expect(region.code).toMatch(/^\d{10}$/);
  });

  test('searches names case-insensitively and keeps the search in the links', async () => {
    const { body } = await api('/v1/regions?search=VISAYAS&limit=2');
    expect(body.meta.total).toBe(3);
    expect(new URL(body.meta.links.next).searchParams.get('search')).toBe('VISAYAS');
  });

  test('filters by repeated codes[]', async () => {
    const { body } = await api('/v1/regions?codes[]=1300000000&codes[]=0700000000');
    expect(body.data.map((r: { code: string }) => r.code).sort()).toEqual(['0700000000', '1300000000']);
  });

  test('adds MultiPolygon geometry when asked, and GeoJSON output needs geometry', async () => {
    const json = await api('/v1/regions?geometry=simple&limit=1');
    expect(json.body.data[0].geometry.type).toBe('MultiPolygon');
    const geo = await api('/v1/regions?geometry=simple&output=geojson&limit=100');
    expect(geo.body.type).toBe('FeatureCollection');
    expect(geo.body.features).toHaveLength(REGION_COUNT);
    for (const f of geo.body.features) {
      expect(f.geometry.type).toBe('MultiPolygon');
      expect(Object.keys(f.properties).sort()).toEqual(['code', 'id', 'name']);
    }
    const missing = await api('/v1/regions?output=geojson');
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.param).toBe('geometry');
  });

  test.each([
    ['limit=101', 'limit'],
    ['limit=0', 'limit'],
    ['page=abc', 'page'],
    ['geometry=huge', 'geometry'],
    ['output=xml', 'output'],
    ['codes[]=13', 'codes[]'],
  ])('rejects %s with a 400 naming %s', async (query, param) => {
    const { status, body } = await api(`/v1/regions?${query}`);
    expect(status).toBe(400);
    expect(body.data).toBeNull();
    expect(body.error.details.param).toBe(param);
  });
});

describe('GET /v1/regions/{id}', () => {
  test('gets a region by numeric id or PSGC code, with geometry when asked', async () => {
    const byId = await api('/v1/regions/7');
    expect(byId.body).toEqual({ data: expect.objectContaining({ id: 7, code: '0700000000' }), error: null });
    const byCode = await api('/v1/regions/0700000000?geometry=medium');
    expect(byCode.body.data.geometry.type).toBe('MultiPolygon');
  });

  test('answers 404 for an unknown region', async () => {
    const { status, body } = await api('/v1/regions/99');
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });
});

describe('POST /v1/regions', () => {
  test('creates a region, answers the string-id shape and lists it at once', async () => {
    const { status, body } = await api('/v1/regions', { body: { name: 'Test Region', code: 'TR' } });
    expect(status).toBe(201);
    expect(body).toEqual({ id: 'region-tr', name: 'Test Region', code: 'TR' });
    const list = await api('/v1/regions?search=test%20region');
    expect(list.body.data).toEqual([expect.objectContaining({ name: 'Test Region', code: 'TR' })]);
    expect((await api('/v1/regions/region-tr')).body.data.name).toBe('Test Region');
  });

  test('refuses a duplicate code with 409, and a second identical request creates nothing', async () => {
    const [a, b] = await Promise.all([
      api('/v1/regions', { body: { name: 'Twice', code: 'TWICE' } }),
      api('/v1/regions', { body: { name: 'Twice', code: 'twice' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    expect((await api('/v1/regions?search=twice')).body.meta.total).toBe(1);
    const builtIn = await api('/v1/regions', { body: { name: 'Another NCR', code: 'NCR' } });
    expect(builtIn.status).toBe(409);
    expect(builtIn.body.error.details.field).toBe('code');
  });

  test.each([
    [{ code: 'NM' }, 'name'],
    [{ name: 'No code' }, 'code'],
    [{ name: 42, code: 'X' }, 'name'],
    [{ name: 'Bad', code: '1ABC' }, 'code'],
    [['not', 'an', 'object'], 'body'],
  ])('rejects %j with a 400 naming %s', async (body, param) => {
    const response = await api('/v1/regions', { body });
    expect(response.status).toBe(400);
    expect(response.body.error.details.param).toBe(param);
  });

  test('rejects a body that is not JSON', async () => {
    const { status, body } = await api('/v1/regions', { body: '{"name": ' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('invalid_body');
  });
});

describe('POST /v1/regions/search', () => {
  test('answers a bare array in the numeric-id shape, in the order asked', async () => {
    const { body } = await api('/v1/regions/search', { body: { ids: ['1900000000', '0100000000'] } });
    expect(body.map((r: { code: string }) => r.code)).toEqual(['1900000000', '0100000000']);
    expect(body[0].geometry.type).toBe('MultiPolygon');
  });

  test('answers GeoJSON with id, name and code properties', async () => {
    const { body } = await api('/v1/regions/search', {
      body: { ids: ['1300000000'], geometry: 'detailed', output: 'geojson' },
    });
    expect(body.type).toBe('FeatureCollection');
    expect(body.features[0].properties).toEqual({ id: 13, name: 'National Capital Region (NCR)', code: '1300000000' });
  });

  test.each([
    [{ ids: [] }],
    [{ ids: Array.from({ length: 101 }, () => '1300000000') }],
    [{ ids: '1300000000' }],
    [{ ids: [13] }],
  ])('rejects %j', async (body) => {
    const response = await api('/v1/regions/search', { body });
    expect(response.status).toBe(400);
    expect(response.body.error.details.param).toBe('ids');
  });
});

test('links are absolute and point at the same service', async () => {
  const { body } = await api('/v1/regions');
  expect(body.meta.links.self.startsWith(`${BASE}/v1/regions?`)).toBe(true);
});
