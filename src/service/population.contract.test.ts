/**
 * The counts every answer carries (docs/api-decisions.md, "Population"): `population` is the latest census the
 * code list gives, `population_year` says which, and each census the data carries stands beside it with the growth
 * between 2020 and 2024. Figures are PSA's, written here from the published lists, per vintage.
 */
import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';
import { byVintage } from '../test/vintage.ts';

serviceServer();

/** Adia, a barangay of Agoncillo, Batangas: 897 (2015), 918 (2020), 1,004 (2024). */
const ADIA = { code: '0401001001', town: '0401001000' };
const until2Q2025 = { population: 918, population_year: 2020, population_2020: 918, population_2015: 897 };
const ADIA_COUNTS = byVintage({
  '4Q 2023': until2Q2025,
  '4Q 2024': until2Q2025,
  '2Q 2025': until2Q2025,
  '3Q 2025': {
    population: 1004,
    population_year: 2024,
    population_2024: 1004,
    population_2020: 918,
    population_2015: 897,
    growth_2020_2024: 2.17,
  },
});

describe('a barangay says its counts and their years', () => {
  test("in its town's geojson, with density of the same census", async () => {
    const { body } = await api(`/v1/municities/${ADIA.town}?geometry=simple`);
    const adia = body.geojson.features.find((f: { properties: { code: string } }) => f.properties.code === ADIA.code);
    expect(adia.properties).toMatchObject({ ...ADIA_COUNTS, density_year: ADIA_COUNTS.population_year });
    // A list before 3Q 2025 carries no 2024 census: the field is absent, not null.
    if (ADIA_COUNTS.population_year === 2020) {
      expect(adia.properties).not.toHaveProperty('population_2024');
      expect(adia.properties).not.toHaveProperty('growth_2020_2024');
    }
    expect(adia.properties.density).toBeCloseTo(adia.properties.population / adia.properties.area_km2, 0);
  });

  test('in GET /v1/barangays/{id}, as the live service names its fields', async () => {
    const { body } = await api(`/v1/barangays/${ADIA.code}`);
    expect(body.data).toMatchObject(ADIA_COUNTS);
  });

  test('a part of a split barangay has no count before it existed, and says where its people were counted', async () => {
    const { status, body } = await api('/v1/barangays/1380100190'); // Caloocan's Barangay 176-B, new in 4Q 2024
    const expected = byVintage<object | null>({
      '4Q 2023': null,
      // The 2020 list gives 176-A the whole of 176's count and 176-B none.
      '4Q 2024': { population: null, population_2020: null, population_2015: null },
      '2Q 2025': { population: null, population_2020: null, population_2015: null },
      '3Q 2025': {
        population: 43135,
        population_2024: 43135,
        population_2020: null,
        population_2015: null,
        growth_2020_2024: null,
        population_notes: { 2020: "counted with Barangay 176-A in PSA's 2Q 2025 list (261,729)" },
      },
    });
    if (expected) expect(body.data).toMatchObject(expected);
    else expect(status).toBe(404);
  });
});

describe('regions, provinces and towns say theirs', () => {
  test('NCR: 12,877,253 (2015), 13,484,462 (2020), 14,001,751 (2024), 0.91% a year', async () => {
    const { body } = await api('/v1/regions/13');
    expect(body.data).toMatchObject(
      byVintage({
        '4Q 2023': { population: 13484462, population_year: 2020, population_2015: 12877253 },
        '4Q 2024': { population: 13484462, population_year: 2020, population_2015: 12877253 },
        '2Q 2025': { population: 13484462, population_year: 2020, population_2015: 12877253 },
        '3Q 2025': {
          population: 14001751,
          population_year: 2024,
          population_2024: 14001751,
          population_2020: 13484462,
          population_2015: 12877253,
          growth_2020_2024: 0.91,
          density_year: 2024,
        },
      }),
    );
  });

  test("a town's record and its list item, and a province's record, carry the same fields", async () => {
    const { body: town } = await api(`/v1/municities/${ADIA.town}`);
    const { body: list } = await api('/v1/municities?province=Batangas&limit=100');
    const item = list.data.find((t: { code: string }) => t.code === ADIA.town);
    const fields = ['population', 'population_year', 'population_2024', 'population_2020', 'population_2015'];
    const pick = (o: Record<string, unknown>) => Object.fromEntries(fields.filter((f) => f in o).map((f) => [f, o[f]]));
    expect(pick(item)).toEqual(pick(town.data));
    expect(town.data.population_2020).toBe(39101);
    const { body: batangas } = await api('/v1/provinces/0401000000');
    expect(batangas.population_year).toBe(ADIA_COUNTS.population_year);
    expect(batangas.population).toBe(batangas[`population_${batangas.population_year}`]);
  });
});
