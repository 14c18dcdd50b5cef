/**
 * The facts a town's record carries as extensions (docs/api-decisions.md, "Facts"): the correspondence code,
 * former names, land area and density, on the town and on each barangay. Area figures are checked against the
 * town's own barangays, not against constants: a town's polygon is the union of its barangays'.
 */
import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';
import { byVintage } from '../test/vintage.ts';

serviceServer();

const MANILA = '1380600000';

describe("a town's facts", () => {
  test('carry its correspondence code, area and density, with density = population ÷ area', async () => {
    const { status, body } = await api(`/v1/municities/${MANILA}`);
    expect(status).toBe(200);
    const town = body.data;
    expect(town.correspondence_code).toMatch(/^\d{9}$/);
    expect(Array.isArray(town.old_names)).toBe(true);
    expect(town.area_km2).toBeGreaterThan(0);
    expect(town.density).toBeCloseTo(town.population / town.area_km2, 0);
  });

  test("a town's barangays' areas add up to its own, less what lies in no barangay", async () => {
    const { body } = await api(`/v1/municities/${MANILA}?geometry=detailed`);
    const barangays = body.geojson.features.map((f: { properties: { area_km2: number | null } }) => f.properties);
    const sum = barangays.reduce((s: number, b: { area_km2: number | null }) => s + (b.area_km2 ?? 0), 0);
    expect(barangays.length).toBe(body.data.barangay_count);
    // Manila's polygon also holds areas in no barangay (Manila North Cemetery, docs/data.md), a few percent;
    // each barangay's area is rounded to 0.01 km².
    expect(sum).toBeLessThanOrEqual(body.data.area_km2 + barangays.length * 0.005);
    expect(sum / body.data.area_km2).toBeGreaterThan(0.95);
  });
});

describe('what the change report says of a place', () => {
  test('Bacolod: recoded and moved to the Negros Island Region in 4Q 2024; unchanged on the 4Q 2023 list', async () => {
    const code = byVintage({
      '4Q 2023': '0630200000',
      '4Q 2024': '1830200000',
      '2Q 2025': '1830200000',
      '3Q 2025': '1830200000',
    });
    const { body } = await api(`/v1/municities/${code}`);
    const since2023 = {
      since: '4Q 2023',
      items: [
        { kind: 'recoded', from: '0630200000' },
        { kind: 'moved', from: 'Region VI (Western Visayas)', to: 'Negros Island Region (NIR)' },
      ],
    };
    expect(body.data.changes).toEqual(
      byVintage({ '4Q 2023': undefined, '4Q 2024': since2023, '2Q 2025': since2023, '3Q 2025': since2023 }),
    );
  });

  test('Sulu: recoded and moved from BARMM to Region IX in 2Q 2025, with its towns and barangays', async () => {
    const code = byVintage({
      '4Q 2023': '1906600000',
      '4Q 2024': '1906600000',
      '2Q 2025': '0906600000',
      '3Q 2025': '0906600000',
    });
    const { status, body } = await api(`/v1/provinces/${code}`);
    expect(status).toBe(200);
    expect(body.name).toBe('Sulu');
    expect(body.changes?.items.map((c: { kind: string }) => c.kind)).toEqual(
      byVintage({
        '4Q 2023': undefined,
        '4Q 2024': undefined,
        '2Q 2025': ['recoded', 'moved'],
        '3Q 2025': ['recoded', 'moved'],
      }),
    );
    // Jolo, its capital, under the province's new code
    const jolo = byVintage({
      '4Q 2023': '1906602000',
      '4Q 2024': '1906602000',
      '2Q 2025': '0906602000',
      '3Q 2025': '0906602000',
    });
    const town = await api(`/v1/municities/${jolo}`);
    expect(town.body.data).toMatchObject({ name: 'Jolo', province: { name: 'Sulu' } });
    expect(town.body.data.region.code).toBe(
      byVintage({ '4Q 2023': '1900000000', '4Q 2024': '1900000000', '2Q 2025': '0900000000', '3Q 2025': '0900000000' }),
    );
  });

  test('a barangay new in 4Q 2024 says so, and that it has no boundary yet; an unchanged town says nothing', async () => {
    const { body } = await api('/v1/municities/1380100000?geometry=simple'); // Caloocan
    const byCode = new Map(
      body.geojson.features.map((f: { properties: { code: string } }) => [f.properties.code, f.properties]),
    );
    const kinds = (code: string) =>
      (byCode.get(code) as { changes?: { items: { kind: string }[] } } | undefined)?.changes?.items.map((c) => c.kind);
    expect(kinds('1380100189')).toEqual(
      byVintage({
        '4Q 2023': undefined,
        '4Q 2024': ['added', 'no_boundary'],
        '2Q 2025': ['added', 'no_boundary'],
        '3Q 2025': ['added', 'no_boundary'],
      }),
    );
    // Agoncillo, Batangas: the same code, name and place in both lists
    expect((await api('/v1/municities/0401001000')).body.data.changes).toBeUndefined();
  });
});

describe("a region's and a province's facts", () => {
  // That the regions add up to the country is checked on the whole country (facts.contract.country.test.ts).
  test('every region of the code list has its land area and density', async () => {
    const { body } = await api('/v1/regions?limit=100');
    const regions = body.data as { population: number; area_km2: number; density: number }[];
    expect(regions.length).toBeGreaterThanOrEqual(17);
    for (const r of regions) {
      expect(r.area_km2).toBeGreaterThan(0);
      expect(r.density).toBeCloseTo(r.population / r.area_km2, 0);
    }
  });

  test("a province lists how many cities and municipalities it has, its towns' areas within its own", async () => {
    const { body: batangas } = await api('/v1/provinces/0401000000'); // Batangas: 5 cities, 29 municipalities
    expect(batangas).toMatchObject({ name: 'Batangas', city_count: 5, municipality_count: 29 });
    expect(batangas.density).toBeCloseTo(batangas.population / batangas.area_km2, 0);
    const { body: towns } = await api('/v1/municities?province=Batangas&limit=100');
    const sum = towns.data.reduce((s: number, t: { area_km2: number }) => s + t.area_km2, 0);
    expect(Math.abs(sum - batangas.area_km2) / batangas.area_km2).toBeLessThan(0.001);
  });

  test('Metro Manila, listed as a province but no unit of the code list, has the area of its 17 towns', async () => {
    const { body: list } = await api('/v1/provinces?region_id=13');
    const mm = list.data.find((p: { name: string }) => p.name === 'Metro Manila');
    expect(mm).toMatchObject({ city_count: 16, municipality_count: 1 });
    const { body: ncr } = await api('/v1/regions/13');
    expect(mm.area_km2).toBeCloseTo(ncr.data.area_km2, -1);
  });

  test('a region moved into the Negros Island Region says what changed since 4Q 2023', async () => {
    const { status, body } = await api(
      `/v1/provinces/${byVintage({ '4Q 2023': '0604500000', '4Q 2024': '1804500000', '2Q 2025': '1804500000', '3Q 2025': '1804500000' })}`,
    );
    expect(status).toBe(200);
    expect(body.changes?.items.map((c: { kind: string }) => c.kind)).toEqual(
      byVintage({
        '4Q 2023': undefined,
        '4Q 2024': ['recoded', 'moved'],
        '2Q 2025': ['recoded', 'moved'],
        '3Q 2025': ['recoded', 'moved'],
      }),
    );
  });

  test('income class and urban or rural, as the list gives them: 2Q 2025 reclassified incomes (DOF DO 074.2024)', async () => {
    // Abra: 3rd class until 4Q 2024, 1st in 2Q 2025 (the first general income reclassification); Boliney 5th → 3rd
    const { body: abra } = await api('/v1/provinces/1400100000');
    expect(abra.income_class).toBe(
      byVintage({ '4Q 2023': '3rd', '4Q 2024': '3rd', '2Q 2025': '1st', '3Q 2025': '1st' }),
    );
    const { body: boliney } = await api('/v1/municities/1400102000?geometry=simple');
    expect(boliney.data.income_class).toBe(
      byVintage({ '4Q 2023': '5th', '4Q 2024': '5th', '2Q 2025': '3rd', '3Q 2025': '3rd' }),
    );
    // Every barangay has its 2020 census class but 38 the list leaves blank; a town and a region have none
    const classes = new Set(
      boliney.geojson.features.map((f: { properties: { urban_rural?: string } }) => f.properties.urban_rural),
    );
    expect([...classes].every((c) => c === 'Urban' || c === 'Rural')).toBe(true);
    expect(boliney.data.urban_rural).toBeUndefined();
    const { body: car } = await api('/v1/regions/14');
    expect(car.data.income_class).toBeUndefined();
  });
});
