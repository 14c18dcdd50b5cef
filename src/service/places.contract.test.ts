import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';
import { byVintage } from '../test/vintage.ts';

serviceServer();

describe('GET /v1/provinces', () => {
  test('lists a region’s provinces whichever region id the client holds', async () => {
    const names = async (regionId: string) =>
      (await api(`/v1/provinces?region_id=${regionId}`)).body.data.map((p: { name: string }) => p.name);
    // Negros Oriental and Siquijor left Central Visayas for the Negros Island Region in 4Q 2024.
    const expected = byVintage({
      '4Q 2023': ['Bohol', 'Cebu', 'Negros Oriental', 'Siquijor'],
      '4Q 2024': ['Bohol', 'Cebu'],
      '2Q 2025': ['Bohol', 'Cebu'],
      '3Q 2025': ['Bohol', 'Cebu'],
    });
    expect(await names('region-vii')).toEqual(expected);
    expect(await names('0700000000')).toEqual(expected);
    expect(await names('7')).toEqual(expected);
  });

  test('lists the Negros provinces in the region of the vintage served, with their ISO codes', async () => {
    const expected = byVintage({
      '4Q 2023': {
        NEC: ['0604500000', 'region-vi'],
        NER: ['0704600000', 'region-vii'],
        SIG: ['0706100000', 'region-vii'],
      },
      '4Q 2024': {
        NEC: ['1804500000', 'region-nir'],
        NER: ['1804600000', 'region-nir'],
        SIG: ['1806100000', 'region-nir'],
      },
      '2Q 2025': {
        NEC: ['1804500000', 'region-nir'],
        NER: ['1804600000', 'region-nir'],
        SIG: ['1806100000', 'region-nir'],
      },
      '3Q 2025': {
        NEC: ['1804500000', 'region-nir'],
        NER: ['1804600000', 'region-nir'],
        SIG: ['1806100000', 'region-nir'],
      },
    });
    const { body } = await api('/v1/provinces');
    const negros = body.data.filter((p: { code: string }) => p.code in expected);
    expect(
      Object.fromEntries(
        negros.map((p: { code: string; psgc_code: string; region_id: string }) => [p.code, [p.psgc_code, p.region_id]]),
      ),
    ).toEqual(expected);
    const nir = await api('/v1/provinces?region_id=18');
    expect(nir.status).toBe(byVintage({ '4Q 2023': 404, '4Q 2024': 200, '2Q 2025': 200, '3Q 2025': 200 }));
    expect(nir.body.data?.map((p: { name: string }) => p.name)).toEqual(
      byVintage({
        '4Q 2023': undefined,
        '4Q 2024': ['Negros Occidental', 'Negros Oriental', 'Siquijor'],
        '2Q 2025': ['Negros Occidental', 'Negros Oriental', 'Siquijor'],
        '3Q 2025': ['Negros Occidental', 'Negros Oriental', 'Siquijor'],
      }),
    );
    // Bacolod, a highly urbanised city, is listed under the province it lies in, in either vintage.
    const towns = await api('/v1/municities?province=Negros%20Occidental&limit=100');
    expect(towns.body.meta.total).toBe(32);
    expect(towns.body.data.find((t: { name: string }) => t.name === 'City of Bacolod')).toMatchObject({
      independent: true,
      code: byVintage({
        '4Q 2023': '0630200000',
        '4Q 2024': '1830200000',
        '2Q 2025': '1830200000',
        '3Q 2025': '1830200000',
      }),
    });
  });

  test('answers { data } with ISO short codes', async () => {
    const { body } = await api('/v1/provinces?region_id=0700000000');
    expect(Object.keys(body)).toEqual(['data']);
    expect(body.data.find((p: { name: string }) => p.name === 'Cebu')).toMatchObject({
      region_id: 'region-vii',
      code: 'CEB',
      psgc_code: '0702200000',
    });
  });

  test('lists Metro Manila under NCR and the Special Geographic Area under BARMM', async () => {
    expect((await api('/v1/provinces?region_id=13')).body.data.map((p: { name: string }) => p.name)).toEqual([
      'Metro Manila',
    ]);
    const barmm = (await api('/v1/provinces?region_id=19')).body.data.map((p: { name: string }) => p.name);
    expect(barmm).toContain('Special Geographic Area');
  });

  test('answers 404 for an unknown region and 400 for a bad limit', async () => {
    expect((await api('/v1/provinces?region_id=nowhere')).status).toBe(404);
    expect((await api('/v1/provinces?limit=-1')).status).toBe(400);
  });
});

const CEBU_2020 = { population_year: 2020, population_2020: 3325385, population_2015: 2938982 };
const CEBU: { population_year: number } & Record<string, number> = byVintage({
  '4Q 2023': CEBU_2020,
  '4Q 2024': CEBU_2020,
  '2Q 2025': CEBU_2020,
  '3Q 2025': { ...CEBU_2020, population_year: 2024, population_2024: 3400522, growth_2020_2024: 0.54 },
});

describe('GET /v1/provinces/{id}', () => {
  test('answers the bare record', async () => {
    const { body } = await api('/v1/provinces/7022');
    expect(body).toEqual({
      id: '7022',
      name: 'Cebu',
      region_id: 'region-vii',
      code: 'CEB',
      psgc_code: '0702200000',
      population: CEBU[`population_${CEBU.population_year}` as keyof typeof CEBU],
      created_at: null,
      // Extensions (docs/api-decisions.md, "Population", "Facts"): its counts by census, PSA's (without the three
      // cities that stand apart); Cebu lists Cebu City, Lapu-Lapu and Mandaue, which lie in it.
      ...CEBU,
      correspondence_code: '072200000',
      old_names: [],
      income_class: '1st',
      area_km2: expect.any(Number),
      density: expect.any(Number),
      density_year: CEBU.population_year,
      city_count: 9,
      municipality_count: 44,
    });
    expect((await api('/v1/provinces/CEB')).body.name).toBe('Cebu');
  });

  test('with geometry, answers its cities and municipalities, independent cities included', async () => {
    const { body } = await api('/v1/provinces/7022?geometry=simple');
    expect(body.data.name).toBe('Cebu');
    expect(body.error).toBeNull();
    const names = body.geojson.features.map((f: { properties: { name: string } }) => f.properties.name);
    expect(names).toContain('City of Cebu');
    expect(names).toContain('Danao City');
    expect(
      body.geojson.features.find((f: { properties: { name: string } }) => f.properties.name === 'City of Cebu')
        .properties.independent,
    ).toBe(true);
  });

  test('answers 404 for an unknown province', async () => {
    expect((await api('/v1/provinces/999999')).status).toBe(404);
  });
});

describe('POST /v1/provinces', () => {
  test('creates a province in a region and lists it there at once', async () => {
    const { status, body } = await api('/v1/provinces', {
      body: { name: 'Nueva Provincia', region_id: 'region-vii', code: 'NPV' },
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: 'Nueva Provincia', region_id: 'region-vii', code: 'NPV' });
    const list = await api('/v1/provinces?region_id=0700000000');
    expect(list.body.data.map((p: { name: string }) => p.name)).toContain('Nueva Provincia');
    expect((await api(`/v1/provinces/${body.id}`)).body.name).toBe('Nueva Provincia');
  });

  test('refuses a taken code with 409 and an unknown region with 400', async () => {
    const taken = await api('/v1/provinces', { body: { name: 'Copy', region_id: 'region-vii', code: 'CEB' } });
    expect(taken.status).toBe(409);
    const unknown = await api('/v1/provinces', { body: { name: 'Lost', region_id: 'nowhere', code: 'LST' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details.param).toBe('region_id');
  });
});

describe('GET /v1/municities', () => {
  test('needs a province', async () => {
    const { status, body } = await api('/v1/municities');
    expect(status).toBe(400);
    expect(body.error.details.param).toBe('province');
  });

  test('lists a province’s towns by exact, case-insensitive name, ten a page', async () => {
    const { body } = await api('/v1/municities?province=cebu');
    expect(body.data).toHaveLength(10);
    expect(body.meta.total).toBe(53); // 44 municipalities, 6 component cities, and the 3 HUCs lying in Cebu
    for (const item of body.data) {
      expect(['City', 'Municipal']).toContain(item.type);
      expect(item.code).toMatch(/^\d{10}$/);
      expect(item.province).toEqual({ id: 7022, code: '0702200000', name: 'Cebu' });
    }
  });

  test('filters by the start of the name', async () => {
    const { body } = await api('/v1/municities?province=Batangas&name=san&limit=100');
    expect(body.data.length).toBeGreaterThan(3);
    for (const item of body.data) expect(item.name.toLowerCase()).toMatch(/^san/);
  });

  test('reaches NCR’s cities and Pateros, independent cities and the SGA', async () => {
    for (const name of ['Metro Manila', 'NCR']) {
      expect((await api(`/v1/municities?province=${name}&limit=100`)).body.meta.total).toBe(17);
    }
    const davao = (await api('/v1/municities?province=Davao%20del%20Sur&name=city%20of%20davao')).body.data[0];
    expect(davao).toMatchObject({ name: 'City of Davao', type: 'City', independent: true });
    expect((await api('/v1/municities?province=Special%20Geographic%20Area')).body.meta.total).toBe(8);
  });

  test('answers 404 for an unknown province', async () => {
    expect((await api('/v1/municities?province=Atlantis')).status).toBe(404);
  });
});

describe('GET /v1/municities/search', () => {
  test('needs at least two characters', async () => {
    expect((await api('/v1/municities/search?q=a')).status).toBe(400);
    expect((await api('/v1/municities/search')).status).toBe(400);
  });

  test('finds towns across provinces with their province, no meta', async () => {
    const { body } = await api('/v1/municities/search?q=makati');
    expect(Object.keys(body).sort()).toEqual(['data', 'error']);
    expect(body.data[0]).toMatchObject({ name: 'City of Makati', type: 'City', code: '1380300000' });
    expect(body.data[0].id).toMatch(/^\d+$/);
    const sanJose = await api('/v1/municities/search?q=san%20jose&limit=50');
    expect(sanJose.body.data.length).toBeGreaterThanOrEqual(10);
    expect(new Set(sanJose.body.data.map((d: { province: string }) => d.province)).size).toBeGreaterThan(5);
    expect((await api('/v1/municities/search?q=san')).body.data).toHaveLength(20);
  });

  test('region_id keeps the towns of one region: San Remigio of Cebu, not of Antique', async () => {
    const everywhere = (await api('/v1/municities/search?q=san%20remigio')).body.data;
    expect(everywhere.map((t: { province: string }) => t.province).sort()).toEqual(['Antique', 'Cebu']);
    const { body } = await api('/v1/municities/search?q=san%20remigio&region_id=7');
    expect(body.data.map((t: { province: string; region_id: number }) => [t.province, t.region_id])).toEqual([
      ['Cebu', 7],
    ]);
    expect((await api('/v1/municities/search?q=san&region_id=Atlantis')).status).toBe(404);
  });
});

describe('GET /v1/municities/{id}', () => {
  test('answers the town and, with geometry=true, its barangays with names', async () => {
    const search = await api('/v1/municities/search?q=manila');
    const manila = search.body.data.find((d: { name: string }) => d.name === 'City of Manila');
    const { body } = await api(`/v1/municities/${manila.id}?geometry=true`);
    expect(body.data).toMatchObject({ name: 'City of Manila', code: '1380600000', type: 'City', barangay_count: 897 });
    expect(body.geojson.type).toBe('FeatureCollection');
    expect(body.geojson.features).toHaveLength(897);
    expect(body.geojson.features[0].properties.name).toEqual(expect.any(String));
    const plain = await api(`/v1/municities/${manila.id}`);
    expect(plain.body.geojson).toBeUndefined();
  });

  test('lists every barangay, one the boundary files do not draw with a null geometry', async () => {
    // Nagarao (Placer, Masbate) has no polygon in the source; Caloocan's Barangay 176 was split in six in 4Q 2024.
    const placer = (await api('/v1/municities/0504117000?geometry=simple')).body;
    expect(placer.geojson.features).toHaveLength(placer.data.barangay_count);
    const nagarao = placer.geojson.features.find(
      (f: { properties: { code: string } }) => f.properties.code === '0504117022',
    );
    expect(nagarao).toMatchObject({ geometry: null, properties: { name: 'Nagarao' } });

    const caloocan = (await api('/v1/municities/1380100?geometry=simple')).body;
    expect(caloocan.data.barangay_count).toBe(
      byVintage({ '4Q 2023': 188, '4Q 2024': 193, '2Q 2025': 193, '3Q 2025': 193 }),
    );
    expect(caloocan.geojson.features).toHaveLength(caloocan.data.barangay_count);
    const withoutBoundary = caloocan.geojson.features
      .filter((f: { geometry: unknown }) => f.geometry === null)
      .map((f: { properties: { name: string } }) => f.properties.name)
      .sort();
    expect(withoutBoundary).toEqual(
      byVintage({
        '4Q 2023': [],
        '4Q 2024': ['A', 'B', 'C', 'D', 'E', 'F'].map((part) => `Barangay 176-${part}`),
        '2Q 2025': ['A', 'B', 'C', 'D', 'E', 'F'].map((part) => `Barangay 176-${part}`),
        '3Q 2025': ['A', 'B', 'C', 'D', 'E', 'F'].map((part) => `Barangay 176-${part}`),
      }),
    );
  });

  test('answers 404 for an unknown id and 400 for a bad geometry', async () => {
    expect((await api('/v1/municities/9999999')).status).toBe(404);
    expect((await api('/v1/municities/1380600?geometry=wrong')).status).toBe(400);
  });
});

describe('GET /v1/geocode', () => {
  const top = async (q: string) => (await api(`/v1/geocode?q=${encodeURIComponent(q)}`)).body.data[0];

  test('needs q', async () => {
    expect((await api('/v1/geocode')).status).toBe(400);
  });

  test('answers candidates with level, code, parents and coordinates', async () => {
    const candidate = await top('Parañaque');
    expect(candidate).toMatchObject({ name: 'City of Parañaque', level: 'City', code: '1381000000' });
    expect(candidate.parents).toContain('Metro Manila');
    expect(candidate.lat).toBeGreaterThan(14.4);
    expect(candidate.lat).toBeLessThan(14.6);
  });

  test('folds ñ, expands Sto., reads City of X as X City and old names', async () => {
    expect((await top('paranaque city')).code).toBe('1381000000');
    expect((await top('Compostela Valley')).name).toBe('Davao de Oro');
    expect((await top('Metro Manila')).code).toBe('1300000000');
    const stoTomas = await top('Santo Tomas, Batangas');
    expect(stoTomas.name).toBe('City of Sto. Tomas');
    expect(stoTomas.parents).toContain('Batangas');
    expect((await top('Brgy. Sto. Nino, Marikina')).parents).toContain('City of Marikina');
  });

  test('takes context and tolerates a typo', async () => {
    const sanJose = await top('San Jose, Batangas');
    expect(sanJose.parents).toContain('Batangas');
    expect((await top('Makaty')).name).toBe('City of Makati');
  });

  test('suggests the nearest spellings when nothing matches', async () => {
    const { body } = await api('/v1/geocode?q=Nrzgaray'); // three letters off: no match, but a suggestion
    expect(body.data).toEqual([]);
    expect(body.suggestions).toContain('Norzagaray');
  });

  test('says where the explorer shows each candidate', async () => {
    expect(await top('Tagbilaran')).toMatchObject({ region_id: 7, province_id: '7012', municity_id: 701242 });
    expect(await top('Cebu City')).toMatchObject({ region_id: 7, province_id: '7022', municity_id: 730600 });
    expect(await top('Bohol')).toMatchObject({ region_id: 7, province_id: '7012', municity_id: null });
    expect(await top('Region VII')).toMatchObject({ region_id: 7, province_id: null, municity_id: null });
  });

  test('names the province an independent city lies in but is not part of, and its class', async () => {
    const davao = await top('Davao City');
    expect(davao).toMatchObject({ name: 'City of Davao', independent_of: 'Davao del Sur', city_class: 'HUC' });
    expect(davao.parents).toContain('Davao del Sur');
    const digos = await top('Digos City');
    expect(digos.name).toBe('City of Digos');
    expect(digos.independent_of).toBeUndefined();
  });

  test('ranks a town above the barangays that share its name', async () => {
    expect((await top('Taytay')).level).toMatch(/Mun|City/);
  });
});

describe('GET /v1/geocode/reverse (extension)', () => {
  test('says which barangay, town, province and region a point is in', async () => {
    // Rizal Park, Manila
    const { status, body } = await api('/v1/geocode/reverse?lat=14.5826&lng=120.9787');
    expect(status).toBe(200);
    expect(body.data.municity).toMatchObject({ code: '1380600000', name: 'City of Manila' });
    expect(body.data.province).toMatchObject({ name: 'Metro Manila' });
    expect(body.data.region.code).toBe('1300000000');
    expect(body.data.barangay.code.startsWith('13806')).toBe(true);
  });

  test('says that an independent city lies in a province it is not part of', async () => {
    // San Pedro Cathedral, Davao City: a highly urbanized city lying in Davao del Sur
    const { body } = await api('/v1/geocode/reverse?lat=7.0731&lng=125.6128');
    expect(body.data.municity).toMatchObject({ name: 'City of Davao', independent: true, city_class: 'HUC' });
    expect(body.data.province).toMatchObject({ name: 'Davao del Sur' });
    // Digos, a component city of Davao del Sur, is part of it
    const digos = await api('/v1/geocode/reverse?lat=6.7497&lng=125.3572');
    expect(digos.body.data.municity).toMatchObject({ name: 'City of Digos' });
    expect(digos.body.data.municity.independent).toBeUndefined();
  });

  test('answers null data at sea, and 400 for a bad point', async () => {
    expect((await api('/v1/geocode/reverse?lat=12&lng=119')).body).toEqual({ data: null, error: null });
    const bad = await api('/v1/geocode/reverse?lat=abc&lng=120');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.param).toBe('lat');
  });
});
