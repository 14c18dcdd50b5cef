import { describe, expect, test } from 'vitest';
import { QUERY_TEXT_MAX } from '../contract/rules.ts';
import { api, serviceServer } from '../test/service-server.ts';
import { byVintage } from '../test/vintage.ts';

serviceServer();

/**
 * The live service's documented example (docs.gis.ph, Barangays API, "Search Barangays by Code"): Bahi, a
 * barangay of Alburquerque, Bohol. Its fields, less the live service's own numeric id (49156), which is ours.
 */
const BAHI = {
  name: 'Bahi',
  type: 'Rural',
  code: '0701201001',
  l_code: '0701201000',
  p_code: '0701200000',
  r_code: '0700000000',
  municity_name: 'Alburquerque',
  province_name: 'Bohol',
};

describe('GET /v1/barangays', () => {
  test('lists a province’s barangays by town, ten a page, filtered by town and by name as the live example', async () => {
    // The documented request: ?province=Cebu&municipality=Poro&limit=5
    const { status, body } = await api('/v1/barangays?province=Cebu&municipality=Poro&limit=5');
    expect(status).toBe(200);
    expect(body.error).toBeNull();
    expect(body.data).toHaveLength(5);
    expect(body.data.every((b: { municity_name: string }) => b.municity_name === 'Poro')).toBe(true);
    expect(body.meta).toMatchObject({ page: 1, limit: 5, total: 17, totalPages: 4 });
    const next = new URL(body.meta.links.next);
    expect(next.searchParams.get('municipality')).toBe('Poro');
    const second = await api(next.pathname + next.search);
    expect(second.body.data[0].name).not.toBe(body.data[0].name);

    const byName = await api('/v1/barangays?province=bohol&municipality=alb&name=BA');
    expect(byName.body.data.map((b: { name: string }) => b.name)).toContain('Bahi');
    expect(byName.body.data.find((b: { code: string }) => b.code === BAHI.code)).toMatchObject(BAHI);
    expect((await api('/v1/barangays?province=Bohol')).body.data).toHaveLength(10);
  });

  test('pages through every barangay of a province, each once', async () => {
    const seen = new Set<string>();
    let path: string | null = '/v1/barangays?province=Siquijor&limit=100';
    let total = 0;
    while (path) {
      const { body }: { body: any } = await api(path);
      total = body.meta.total;
      for (const b of body.data) seen.add(b.code);
      const next: string | null = body.meta.links.next;
      path = next && new URL(next).pathname + new URL(next).search;
    }
    expect(seen.size).toBe(total);
    expect(total).toBe(134); // Siquijor's six towns, 134 barangays (PSGC 4Q 2023 and 4Q 2024)
  });

  test('refuses a missing or unknown province, and bad paging, in the error shape', async () => {
    const missing = await api('/v1/barangays');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 'invalid_parameter', details: { param: 'province' } });
    const unknown = await api('/v1/barangays?province=Atlantis');
    expect(unknown.status).toBe(404);
    for (const [param, value] of [
      ['limit', '101'],
      ['limit', '0'],
      ['page', 'x'],
      ['name', 'x'.repeat(QUERY_TEXT_MAX + 1)],
      ['municipality', 'x'.repeat(QUERY_TEXT_MAX + 1)],
    ]) {
      const { status, body } = await api(`/v1/barangays?province=Bohol&${param}=${value}`);
      expect(status, `${param}=${value}`).toBe(400);
      expect(body.error.details.param).toBe(param);
    }
    expect((await api('/v1/barangays?province=Bohol', { key: null })).status).toBe(401);
  });
});

describe('GET /v1/barangays/{id}', () => {
  test('gives a barangay by its code, with its town, province and region', async () => {
    const { status, body } = await api(`/v1/barangays/${BAHI.code}`);
    expect(status).toBe(200);
    // Its counts as every answer gives them (docs/api-decisions.md, "Population"): beside the live service's fields.
    const counts = { population_2020: expect.any(Number), population_2015: expect.any(Number) };
    const latest = byVintage<object>({
      '4Q 2023': { population_year: 2020 },
      '4Q 2024': { population_year: 2020 },
      '2Q 2025': { population_year: 2020 },
      '3Q 2025': { population_year: 2024, population_2024: expect.any(Number), growth_2020_2024: expect.any(Number) },
    });
    expect(body).toEqual({
      data: { ...BAHI, id: BAHI.code, population: expect.any(Number), ...latest, ...counts, poblacion: false },
      error: null,
    });
    expect(body.data.population).toBe(body.data[`population_${body.data.population_year}`]);
  });

  test('finds a barangay of Manila through its sub-municipality', async () => {
    const list = await api('/v1/barangays?province=Metro%20Manila&municipality=City%20of%20Manila&limit=1');
    const code = list.body.data[0].code;
    const { body } = await api(`/v1/barangays/${code}`);
    expect(body.data).toMatchObject({ code, municity_name: 'City of Manila', l_code: '1380600000' });
  });

  test('answers 404 for a code that is no barangay, whatever its form', async () => {
    for (const id of ['0701201999', '0701201000', '123', 'bahi', '9999999999']) {
      const { status, body } = await api(`/v1/barangays/${id}`);
      expect(status, id).toBe(404);
      expect(body.error.code).toBe('not_found');
    }
  });
});

describe('POST /v1/barangays/search', () => {
  test('answers the documented example: two Alburquerque barangays, as GeoJSON with their outlines', async () => {
    const { status, body } = await api('/v1/barangays/search', {
      body: { codes: ['0701201001', '0701201006'], geometry: 'simple', output: 'geojson' },
    });
    expect(status).toBe(200);
    expect(body.type).toBe('FeatureCollection');
    expect(body.features.map((f: { properties: { code: string } }) => f.properties.code)).toEqual([
      '0701201001',
      '0701201006',
    ]);
    expect(body.features[0].properties).toEqual({ id: BAHI.code, name: 'Bahi', code: BAHI.code });
    for (const f of body.features) expect(['Polygon', 'MultiPolygon']).toContain(f.geometry.type);
  });

  test('answers JSON records with their geometry at the detail asked, leaving unknown codes out', async () => {
    const simple = await api('/v1/barangays/search', { body: { codes: [BAHI.code, '0701201999'] } });
    expect(simple.body).toHaveLength(1);
    expect(simple.body[0]).toMatchObject(BAHI);
    const detailed = await api('/v1/barangays/search', { body: { codes: [BAHI.code], geometry: 'detailed' } });
    const points = (g: { coordinates: unknown }) => JSON.stringify(g.coordinates).split('],[').length;
    expect(points(detailed.body[0].geometry)).toBeGreaterThan(points(simple.body[0].geometry));
  });

  test('refuses bad bodies with a 400 naming the field, and creates nothing', async () => {
    const bad: [unknown, string][] = [
      [{}, 'codes'],
      [{ codes: [] }, 'codes'],
      [{ codes: 'x' }, 'codes'],
      [{ codes: ['07012010'] }, 'codes'],
      [{ codes: Array.from({ length: 101 }, (_, i) => String(701201000 + i).padStart(10, '0')) }, 'codes'],
      [{ codes: [BAHI.code], geometry: 'full' }, 'geometry'],
      [{ codes: [BAHI.code], output: 'kml' }, 'output'],
      [[BAHI.code], 'body'],
    ];
    for (const [body, param] of bad) {
      const answer = await api('/v1/barangays/search', { body });
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(answer.body.error.details.param).toBe(param);
    }
  });
});

describe('POST /v1/provinces/search', () => {
  test('answers the documented example: Sultan Kudarat and Bohol as GeoJSON, with outlines and PSGC codes', async () => {
    const { status, body } = await api('/v1/provinces/search', {
      body: { codes: ['1206500000', '0701200000'], geometry: 'simple', output: 'geojson' },
    });
    expect(status).toBe(200);
    expect(body.features.map((f: { properties: { name: string; code: string } }) => f.properties)).toEqual([
      { id: '12065', name: 'Sultan Kudarat', code: '1206500000' },
      { id: '7012', name: 'Bohol', code: '0701200000' },
    ]);
    for (const f of body.features) expect(['Polygon', 'MultiPolygon']).toContain(f.geometry.type);
  });

  test('answers JSON records of the province list, with geometry, in the order asked', async () => {
    const { body } = await api('/v1/provinces/search', { body: { codes: ['0702200000', '0701200000'] } });
    expect(body.map((p: { name: string }) => p.name)).toEqual(['Cebu', 'Bohol']);
    const listed = (await api('/v1/provinces')).body.data.find((p: { name: string }) => p.name === 'Cebu');
    expect(body[0]).toEqual({ ...listed, geometry: expect.objectContaining({ type: expect.any(String) }) });
  });

  test('refuses bad bodies with a 400 naming the field', async () => {
    for (const [body, param] of [
      [{ codes: [] }, 'codes'],
      [{ codes: [7012] }, 'codes'],
      [{ codes: ['0701200000'], geometry: 2 }, 'geometry'],
      [{ codes: ['0701200000'], output: 'csv' }, 'output'],
    ] as const) {
      const answer = await api('/v1/provinces/search', { body });
      expect(answer.status).toBe(400);
      expect(answer.body.error.details.param).toBe(param);
    }
  });
});

describe('GET /v1/provinces with page', () => {
  test('pages the provinces ten at a time, as the live service documents, while a bare list stays whole', async () => {
    const whole = (await api('/v1/provinces')).body;
    expect(whole.meta).toBeUndefined();
    expect(whole.data.length).toBeGreaterThan(80);
    const first = await api('/v1/provinces?page=1');
    expect(first.body.data).toEqual(whole.data.slice(0, 10));
    expect(first.body.meta).toMatchObject({ total: whole.data.length, page: 1, limit: 10 });
    const pages: unknown[] = [];
    let path: string | null = '/v1/provinces?page=1&limit=25';
    while (path) {
      const { body }: { body: any } = await api(path);
      pages.push(...body.data);
      const next: string | null = body.meta.links.next;
      path = next && new URL(next).pathname + new URL(next).search;
    }
    expect(pages).toEqual(whole.data);
    expect((await api('/v1/provinces?limit=5')).body.data).toEqual(whole.data.slice(0, 5));
  });

  test('keeps region_id across pages, and refuses bad paging with a 400 naming it', async () => {
    const { body } = await api('/v1/provinces?region_id=7&page=1&limit=1');
    expect(new URL(body.meta.links.next).searchParams.get('region_id')).toBe('7');
    for (const q of ['page=0', 'page=x', 'page=1&limit=101']) {
      const answer = await api(`/v1/provinces?${q}`);
      expect(answer.status, q).toBe(400);
    }
  });
});
