/**
 * Every example answer of the live service's documentation (fixtures/live/, sources in its README) read the way
 * the app reads it: the normalizer turns each into the shape the features use.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Province, Region } from '../contract/types.ts';
import { detailOf, normalizeProvince, outlinesOf, placeCounts } from './normalize.ts';
import { listOf } from './pages.ts';
import { indexRegions } from './regions.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/live');
const fixture = (name: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));

test('every fixture is replayed by a test here', () => {
  const source = fs.readFileSync(import.meta.filename, 'utf8');
  const files = fs.readdirSync(FIXTURES).filter((f) => f.endsWith('.json'));
  expect(files.length).toBeGreaterThanOrEqual(9);
  for (const file of files) expect(source, file).toContain(`fixture('${file}')`);
});

describe("the live service's documented answers", () => {
  test('regions list: a page with meta; each region found by its id and by its PSGC code', () => {
    const page = listOf<Region>(fixture('regions-list.json'));
    expect(page.meta).toMatchObject({ total: 18, page: 1, totalPages: 4 });
    const { byId } = indexRegions(page);
    expect(byId.get('1')?.name).toBe('Ilocos Region');
    expect(byId.get('0100000000')?.name).toBe('Ilocos Region');
  });

  test('region detail: enveloped, read as the record', () => {
    expect(detailOf<Region>(fixture('region-detail.json')).data).toMatchObject({ id: 1, code: '0100000000' });
  });

  test('provinces list: numeric ids, 9-digit codes and a numeric region_id read as ours, the region found', () => {
    const page = listOf<Parameters<typeof normalizeProvince>[0]>(fixture('provinces-list.json'));
    expect(page.meta?.totalPages).toBe(17);
    const [abra] = page.data.map(normalizeProvince);
    expect(abra).toEqual<Province>({
      id: '1',
      name: 'Abra',
      code: '1400100000',
      psgc_code: '1400100000',
      region_id: '1400000000',
      population: null,
      created_at: null,
    });
    const regions = indexRegions({
      data: [{ id: 14, name: 'Cordillera Administrative Region (CAR)', code: '1400000000' } as Region],
    });
    expect(regions.byId.get(abra.region_id)?.name).toMatch(/Cordillera/);
  });

  test("province detail: enveloped, 'pop' read as the population, the towns' outlines beside it", () => {
    const { data, geojson } = detailOf<Parameters<typeof normalizeProvince>[0], { features: unknown[] }>(
      fixture('province-detail.json'),
    );
    expect(normalizeProvince(data)).toMatchObject({
      id: '94',
      name: 'Kalinga',
      psgc_code: '1403200000',
      population: 229570,
    });
    expect(geojson?.features).toHaveLength(1);
  });

  test('our province detail without geometry, bare, reads the same way', () => {
    const ours = {
      id: '7022',
      name: 'Cebu',
      code: 'CEB',
      region_id: 'region-vii',
      psgc_code: '0702200000',
      created_at: null,
    };
    expect(normalizeProvince(detailOf<typeof ours>(ours).data)).toMatchObject({ code: 'CEB', psgc_code: '0702200000' });
  });

  test('province search as GeoJSON: the outlines keyed by their 10-digit codes', () => {
    const outlines = outlinesOf(fixture('provinces-search.geojson.json'));
    expect(outlines.features.map((f) => f.properties.code)).toEqual(['0701200000']);
    expect(outlines.features[0].geometry?.type).toBe('MultiPolygon');
  });

  test('towns list: items with a type and their province nested, a page with meta', () => {
    const page = listOf<{ id: number; type: string; province: { code: string } }>(fixture('municities-list.json'));
    expect(page.data.map((t) => [t.id, t.type, t.province.code])).toEqual([
      [1595, 'Municipal', '0701200000'],
      [1596, 'Municipal', '0701200000'],
    ]);
  });

  test('town detail: enveloped, the barangays beside it', () => {
    const detail = detailOf<{ code: string }, { features: { properties: { name: string } }[] }>(
      fixture('municity-detail.json'),
    );
    expect(detail.data.code).toBe('1001301000');
    expect(detail.geojson?.features[0].properties.name).toBe('Poblacion');
  });

  test('barangay search: GeoJSON keyed by code, and the JSON form a bare array', () => {
    expect(outlinesOf(fixture('barangays-search.geojson.json')).features[0].properties.code).toBe('0701201001');
    const items = listOf<{ code: string; p_code: string }>(fixture('barangays-search.json')).data;
    expect(items.map((b) => [b.code, b.p_code])).toEqual([['0701201001', '0701200000']]);
  });
});

describe("a place's counts, whatever the server sends", () => {
  test('ours: every census newest first, the latest one the population, with the growth and the notes', () => {
    expect(
      placeCounts({
        population: 43135,
        population_year: 2024,
        population_2024: 43135,
        population_2020: null,
        population_2015: null,
        growth_2020_2024: null,
        population_notes: { 2020: "counted with Barangay 176-A in PSA's 2Q 2025 list (261,729)" },
      }),
    ).toEqual({
      year: 2024,
      growth: null,
      censuses: [
        { year: 2024, count: 43135 },
        { year: 2020, count: null, note: "counted with Barangay 176-A in PSA's 2Q 2025 list (261,729)" },
        { year: 2015, count: null },
      ],
    });
  });

  test('a list before the 2024 census: no 2024 count and no growth, not zeros', () => {
    const counts = placeCounts({ population: 918, population_year: 2020, population_2020: 918, population_2015: 897 });
    expect(counts.censuses.map((c) => c.year)).toEqual([2020, 2015]);
    expect(counts).not.toHaveProperty('growth');
  });

  test("the live service's province detail: a population whose census it does not say", () => {
    const { data } = detailOf<Parameters<typeof normalizeProvince>[0]>(fixture('province-detail.json'));
    expect(placeCounts(normalizeProvince(data))).toEqual({ year: null, censuses: [{ year: null, count: 229570 }] });
  });
});
