/**
 * Reorganizations through the API, on whichever vintage is under test: a province split into two
 * created provinces by towns, what follows downstream, and every bad request refused with nothing changed.
 */
import type { MultiPolygon } from 'geojson';
import { describe, expect, test } from 'vitest';
import { landAreaKm2 } from '../test/land-area.ts';
import { api, serviceServer } from '../test/service-server.ts';

serviceServer();

interface ProvinceRecord {
  id: string;
  name: string;
  region_id: string;
  psgc_code: string | null;
  population: number | null;
  municipality_count: number;
  city_count: number;
}
interface TownFeature {
  id: number;
  properties: { code: string; name: string };
  geometry: MultiPolygon | null;
}

const provinceNamed = async (name: string) => {
  const all = (await api<{ data: ProvinceRecord[] }>('/v1/provinces')).body.data;
  return all.find((p) => p.name === name)!;
};
const townsOf = async (id: string, detail = 'medium') =>
  (await api<{ geojson: { features: TownFeature[] } }>(`/v1/provinces/${id}?geometry=${detail}`)).body.geojson.features;
const regionsNow = async () =>
  (await api<{ data: { string_id: string; name: string }[] }>('/v1/regions?limit=100')).body.data;
const provincesNow = async () => (await api<{ data: ProvinceRecord[] }>('/v1/provinces')).body.data;
const within = (actual: number, expected: number, tolerance = 0.001) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(tolerance);

describe('a province split into two created provinces by towns', () => {
  test('each is drawn from its towns, the province keeps none, the lists, records and "what is here" follow, and undoing both restores it', async () => {
    const bohol = await provinceNamed('Bohol');
    const towns = await townsOf(bohol.id);
    const own = towns.filter((t) => t.geometry && !('independent' in t.properties && t.properties.independent));
    const north = own.slice(0, Math.floor(own.length / 2));
    const south = own.slice(north.length);
    const sum = (list: TownFeature[]) => list.reduce((s, t) => s + landAreaKm2(t.geometry!), 0);

    const made = [];
    for (const [name, code, members] of [
      ['Bohol Norte', 'BON', north],
      ['Bohol Sur', 'BOS', south],
    ] as const) {
      const answer = await api<ProvinceRecord & { members: { code: string }[] }>('/v1/provinces', {
        body: { name, code, region_id: bohol.region_id, municity_ids: members.map((t) => t.id) },
      });
      expect(answer.status).toBe(201);
      expect(answer.body.members.map((m) => m.code)).toEqual(members.map((t) => t.properties.code));
      expect(answer.body.municipality_count + answer.body.city_count).toBe(members.length);
      made.push(answer.body);
    }
    // Drawn from the towns: at medium the union's area is theirs summed (they share borders exactly).
    for (const [province, members] of [
      [made[0], north],
      [made[1], south],
    ] as const) {
      const shape = (
        await api<{ features: { geometry: MultiPolygon }[] }>('/v1/provinces/search', {
          body: { codes: [bohol.psgc_code], geometry: 'medium', output: 'geojson' },
        })
      ).body.features[0].geometry;
      // Bohol itself kept nothing of its own.
      expect(shape).toBeNull();
      const listed = await townsOf(province.id);
      expect(listed.map((t) => t.properties.code).sort()).toEqual(members.map((t) => t.properties.code).sort());
      within(sum(listed), sum(members));
    }
    const boholNow = (await provincesNow()).find((p) => p.id === bohol.id)!;
    expect(boholNow.municipality_count + boholNow.city_count).toBe(towns.length - own.length);
    expect(boholNow.population).toBe(bohol.population! - made[0].population! - made[1].population!);
    // Each census the data carries, the same way; a created province's growth is that of its summed counts.
    const count = (p: object, year: number) => (p as Record<string, number>)[`population_${year}`];
    for (const year of [2015, 2020, 2024].filter((y) => `population_${y}` in bohol)) {
      expect(count(boholNow, year)).toBe(count(bohol, year) - count(made[0], year) - count(made[1], year));
      expect(count(made[0], year)).toBeGreaterThan(0);
    }
    if ('growth_2020_2024' in bohol) {
      const rate = ((count(made[0], 2024) / count(made[0], 2020)) ** (12 / 50) - 1) * 100;
      expect((made[0] as { growth_2020_2024?: number }).growth_2020_2024).toBeCloseTo(rate, 2);
    }

    // A town's record and "what is here" name its new province.
    const town = north[0];
    const record = (await api<{ data: { province: { name: string } } }>(`/v1/municities/${town.id}`)).body.data;
    expect(record.province.name).toBe('Bohol Norte');

    // Undone, one after the other: Bohol lists all its towns again.
    for (const province of made) {
      expect((await api(`/v1/provinces/${province.id}`, { method: 'DELETE' })).status).toBe(200);
    }
    const restored = await townsOf(bohol.id);
    expect(restored.map((t) => t.properties.code)).toEqual(towns.map((t) => t.properties.code));
    expect((await provincesNow()).find((p) => p.id === bohol.id)).toEqual(bohol);
  });
});

describe('a region made of provinces', () => {
  test('a dry run says what moves from where and draws the preview, storing nothing', async () => {
    const before = await regionsNow();
    const preview = await api<{
      data: {
        region: { name: string };
        regions: { code: string; geometry: MultiPolygon | null }[];
        moves: { name: string; from: { code: string } }[];
      };
    }>('/v1/regions?dry_run=true&geometry=simple', {
      body: { name: 'Bikol Sur', code: 'BKS', province_ids: ['Albay', 'Sorsogon'].map(() => '') },
    });
    // Ids are required to be ids: empty strings are refused.
    expect(preview.status).toBe(400);
    const albay = await provinceNamed('Albay');
    const sorsogon = await provinceNamed('Sorsogon');
    const dry = await api<{
      data: {
        region: { name: string };
        regions: { code: string; geometry: MultiPolygon | null }[];
        moves: { name: string; from: { code: string } }[];
      };
    }>('/v1/regions?dry_run=true&geometry=simple', {
      body: { name: 'Bikol Sur', code: 'BKS', province_ids: [albay.id, sorsogon.id] },
    });
    expect(dry.status).toBe(200);
    expect(dry.body.data.moves.map((m) => [m.name, m.from.code])).toEqual([
      ['Albay', 'V'],
      ['Sorsogon', 'V'],
    ]);
    expect(dry.body.data.regions.map((r) => r.code).sort()).toEqual(['BKS', 'V']);
    for (const r of dry.body.data.regions) expect(r.geometry?.coordinates.length).toBeGreaterThan(0);
    expect(await regionsNow()).toEqual(before);
  });

  test('the region is listed with its provinces, "what is here" and the geocoder name it, renaming and undoing follow', async () => {
    const albay = await provinceNamed('Albay');
    const created = await api('/v1/regions', { body: { name: 'Bikol Sur', code: 'BKS', province_ids: [albay.id] } });
    expect(created.status).toBe(201);
    const inRegion = (await api<{ data: ProvinceRecord[] }>('/v1/provinces?region_id=region-bks')).body.data;
    expect(inRegion.map((p) => p.name)).toEqual(['Albay']);
    // Legazpi, Albay's capital, at its town hall.
    const here = (await api<{ data: { region: { name: string } } }>('/v1/geocode/reverse?lat=13.1391&lng=123.7438'))
      .body.data;
    expect(here.region.name).toBe('Bikol Sur');
    const found = (
      await api<{ data: { name: string; parents: string[]; region_id: number }[] }>('/v1/geocode?q=Legazpi')
    ).body.data[0];
    expect(found.parents.at(-1)).toBe('Bikol Sur');
    const byName = (await api<{ data: { name: string; level: string }[] }>('/v1/geocode?q=Bikol%20Sur')).body.data[0];
    expect(byName).toMatchObject({ name: 'Bikol Sur', level: 'Reg' });

    const renamed = await api('/v1/regions/region-bks', {
      method: 'PATCH',
      body: { name: 'Southern Bicol', code: 'SBK' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: 'region-sbk', name: 'Southern Bicol', code: 'SBK' });
    expect((await api('/v1/provinces?region_id=region-sbk')).body.data.map((p: ProvinceRecord) => p.name)).toEqual([
      'Albay',
    ]);
    expect((await api('/v1/regions/region-v', { method: 'DELETE' })).status).toBe(403);
    expect((await api('/v1/regions/region-v', { method: 'PATCH', body: { name: 'Bicol' } })).status).toBe(403);
    expect((await api('/v1/regions/region-sbk', { method: 'DELETE' })).status).toBe(200);
    expect((await provinceNamed('Albay')).region_id).toBe('region-v');
  });

  test('bad members are refused with nothing changed', async () => {
    const albay = await provinceNamed('Albay');
    const before = { regions: await regionsNow(), provinces: await provincesNow() };
    const refused = async (body: unknown, status: number, code: string) => {
      const answer = await api('/v1/regions', { body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body.error.code).toBe(code);
    };
    await refused({ name: 'X One', code: 'XA', province_ids: [] }, 400, 'invalid_parameter');
    await refused({ name: 'X One', code: 'XA', province_ids: 'Albay' }, 400, 'invalid_parameter');
    await refused({ name: 'X One', code: 'XA', province_ids: ['no-such-province'] }, 400, 'invalid_parameter');
    await refused({ name: 'X One', code: 'XA', province_ids: [albay.id, albay.psgc_code] }, 400, 'invalid_parameter');
    expect(await regionsNow()).toEqual(before.regions);

    expect((await api('/v1/regions', { body: { name: 'X One', code: 'XA', province_ids: [albay.id] } })).status).toBe(
      201,
    );
    const second = await api('/v1/regions', { body: { name: 'X Two', code: 'XB', province_ids: [albay.id] } });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'member_moved',
      details: { members: [{ name: 'Albay', now_in: 'X One' }] },
    });
    // A province may take only towns of its own region, and a town once.
    const town = (await townsOf(albay.id))[0];
    const bad = await api('/v1/provinces', {
      body: { name: 'P One', code: 'PA', region_id: 'region-v', municity_ids: [town.id] },
    });
    expect(bad.status).toBe(400);
    const twice = await api('/v1/provinces', {
      body: { name: 'P One', code: 'PA', region_id: 'region-xa', municity_ids: [town.id, town.properties.code] },
    });
    expect(twice.status).toBe(400);
    expect(
      (
        await api('/v1/provinces', {
          body: { name: 'P One', code: 'PA', region_id: 'region-xa', municity_ids: [town.id] },
        })
      ).status,
    ).toBe(201);
    // The region holds a created province now: undone after it.
    expect((await api('/v1/regions/region-xa', { method: 'DELETE' })).status).toBe(409);
    // Albay lent a town: it cannot move again until that province is undone.
    expect((await api('/v1/regions', { body: { name: 'X Two', code: 'XB', province_ids: [albay.id] } })).status).toBe(
      409,
    );
  });

  test('two admins moving the same province at once: one succeeds, the other is told it moved', async () => {
    const albay = await provinceNamed('Albay');
    const answers = await Promise.all(
      ['XA', 'XB'].map((code) =>
        api('/v1/regions', { body: { name: `Region ${code}`, code, province_ids: [albay.id] } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  });
});
