import Papa from 'papaparse';
// @ts-expect-error shpjs ships no types; it reads a zipped Shapefile into GeoJSON, as QGIS's readers do.
import shp from 'shpjs';
import { beforeAll, describe, expect, test } from 'vitest';
import { api, serviceServer } from '../../test/service-server.ts';
import {
  csvCell,
  csvText,
  type DownloadUnit,
  fieldsOf,
  fileBase,
  geojsonText,
  type NoBarangayPiece,
  noBarangayUnits,
  type Provenance,
  readmeText,
  shapefileFeatures,
  slug,
  yourColumn,
} from './downloads.ts';
import { shapefileZip } from './downloads-shapefile.ts';
import { barangayUnits, townUnits } from './step-units.ts';

serviceServer();

const provenance: Provenance = {
  vintage: '4Q 2024',
  boundaryVintage: '4Q 2023',
  attribution: 'Boundaries: PSA and NAMRIA via OCHA HDX (COD-AB 2023), philippines-json-maps. Codes: PSA PSGC 4Q 2024.',
};

describe('CSV cells', () => {
  test('are quoted when they hold a comma, a quote or a line break, with quotes doubled (RFC 4180)', () => {
    expect(csvCell('Poblacion')).toBe('Poblacion');
    expect(csvCell('Santo Niño, Poblacion')).toBe('"Santo Niño, Poblacion"');
    expect(csvCell('Barangay "Uno"')).toBe('"Barangay ""Uno"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded ')).toBe('" padded "');
  });

  test('never start with what a spreadsheet would run as a formula', () => {
    for (const text of ['=HYPERLINK("x")', '+63 2', '-1+1', '@SUM(A1)', '\tx']) expect(csvCell(text)).toMatch(/^"?'/);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  test('write numbers as they are, and nothing for a missing figure', () => {
    expect(csvCell(-1.5)).toBe('-1.5');
    expect(csvCell(0)).toBe('0');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });
});

describe('file names', () => {
  test('say the place, what, the detail and the vintage, in plain letters', () => {
    expect(fileBase('Batangas', 'cities and municipalities', 'medium', provenance)).toBe(
      'batangas-cities-and-municipalities-medium-psgc-4q2024',
    );
    expect(slug('City of Dasmariñas')).toBe('city-of-dasmarinas');
    expect(slug('Region IV-A (CALABARZON)')).toBe('region-iv-a-calabarzon');
  });
});

describe("a town's barangays, downloaded", () => {
  let units: DownloadUnit[];
  beforeAll(async () => {
    // Caloocan: 193 barangays in 4Q 2024, six of them new and without a boundary yet.
    const { body } = await api('/v1/municities/1380100000?geometry=simple');
    units = barangayUnits(body);
  });

  test('as GeoJSON: every barangay a feature, with its codes and facts, and the sources in the file', () => {
    const file = JSON.parse(geojsonText(units, provenance, 'Caloocan: barangays'));
    expect(file.features).toHaveLength(units.length);
    expect(file.attribution).toBe(provenance.attribution);
    expect(file.licence).toMatch(/Philippine Statistics Authority/);
    expect(file.codes_vintage).toBe('PSGC 4Q 2024');
    const first = file.features[0].properties;
    expect(first).toMatchObject({ region_code: '1300000000', province_code: null, municity_code: '1380100000' });
    expect(first.code).toMatch(/^13801\d{5}$/);
    // A barangay with no boundary yet is kept, with a null geometry (RFC 7946 §3.2).
    expect(file.features.filter((f: { geometry: unknown }) => f.geometry === null).length).toBeGreaterThan(0);
  });

  test('as CSV: one row per barangay, the same codes as the GeoJSON, read back by a CSV parser', () => {
    const text = csvText(units, provenance);
    expect(text.startsWith('\ufeffcode,name,level,region_code')).toBe(true);
    const rows = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true }).data;
    expect(rows).toHaveLength(units.length);
    expect(rows.map((r) => r.code)).toEqual(units.map((u) => u.code));
    expect(rows.every((r) => r.municity_code === '1380100000' && r.codes_vintage === 'PSGC 4Q 2024')).toBe(true);
    // Every count is named for its census, the density too (the data's own: 2024, 2020 and 2015 from 3Q 2025).
    const year = units[0].population_year;
    expect(Object.keys(rows[0])).toContain(`population_${year}`);
    expect(Object.keys(rows[0])).toContain(`density_${year}`);
    expect(Object.keys(rows[0]).filter((k) => /^(population|density)$/.test(k))).toEqual([]);
    expect(Number(rows[0][`population_${year}`])).toBe(units[0].population);
    // 176-B: a count of its own in 2024, none in 2020, when PSA counted it with 176-A.
    const part = rows.find((r) => r.code === '1380100190')!;
    if (year === 2024)
      expect([part.population_2024, part.population_2020, part.growth_2020_2024]).toEqual(['43135', '', '']);
  });

  test('as a zipped Shapefile: the barangays with a boundary, read back with their codes and outlines', async () => {
    const blob = await shapefileZip(units, provenance, 'caloocan-barangays-simple-psgc-4q2024', 'Caloocan');
    const layers = await shp(await blob.arrayBuffer());
    const layer = Array.isArray(layers) ? layers[0] : layers;
    const drawn = units.filter((u) => u.geometry);
    expect(layer.features).toHaveLength(drawn.length);
    expect(layer.features.map((f: { properties: { code: string } }) => f.properties.code)).toEqual(
      drawn.map((u) => u.code),
    );
    expect(layer.features[0].properties).toMatchObject({ town_code: '1380100000', reg_code: '1300000000' });
    const year = units[0].population_year;
    expect(layer.features[0].properties[`pop_${year}`]).toBe(drawn[0].population);
  });
});

describe('the columns of the figures', () => {
  const unit = (facts: Partial<DownloadUnit>): DownloadUnit => ({
    code: '0401001000',
    name: 'Agoncillo',
    level: 'Mun',
    region_code: null,
    province_code: null,
    municity_code: null,
    geometry: null,
    ...facts,
  });

  test('each census the units carry is a column of its own, newest first, with the growth and a dated density', () => {
    const counts = {
      population: 40662,
      population_year: 2024,
      population_2024: 40662,
      population_2020: 39101,
    } as const;
    const names = fieldsOf([unit({ ...counts, population_2015: 38059, growth_2020_2024: 0.94, density_year: 2024 })]);
    expect(names.map((f) => f.name).slice(-6)).toEqual([
      'population_2024',
      'population_2020',
      'population_2015',
      'growth_2020_2024',
      'area_km2',
      'density_2024',
    ]);
    expect(names.map((f) => f.short).slice(-6)).toEqual([
      'pop_2024',
      'pop_2020',
      'pop_2015',
      'grow_20_24',
      'area_km2',
      'dens_2024',
    ]);
    for (const f of names) expect(f.short.length).toBeLessThanOrEqual(10);
  });

  test('a server that does not say the census: plain population and density, not a year guessed', () => {
    const names = fieldsOf([unit({ population: 40662, density: 1200 })]).map((f) => f.name);
    expect(names.slice(-3)).toEqual(['population', 'area_km2', 'density']);
  });

  test("the Shapefile's README names each figure with its census", () => {
    const text = readmeText(
      'Agoncillo',
      [unit({ population_2024: 1, population_year: 2024, density_year: 2024 })],
      provenance,
    );
    expect(text).toContain('pop_2024 (people, 2024 census)');
    expect(text).toContain('dens_2024 (people per km², 2024 census)');
  });
});

describe("a province's towns, downloaded", () => {
  test('Palawan: every town in the Shapefile, whether one polygon or many (islands)', async () => {
    const { body: towns } = await api('/v1/municities?province=Palawan&limit=100');
    const { body: shapes } = await api('/v1/provinces/1705300000?geometry=medium');
    const units = townUnits(towns.data, shapes.geojson);
    const kinds = new Set(units.map((u) => u.geometry?.type));
    expect(kinds).toEqual(new Set(['Polygon', 'MultiPolygon']));
    const layers = await shp(await (await shapefileZip(units, provenance, 'palawan', 'Palawan')).arrayBuffer());
    const layer = Array.isArray(layers) ? layers[0] : layers;
    expect(layer.features).toHaveLength(units.length);
    // Puerto Princesa lies in Palawan but is not part of it: no province code.
    const puerto = units.find((u) => u.name === 'City of Puerto Princesa');
    expect(puerto).toMatchObject({ province_code: null, region_code: '1700000000' });
  });
});

describe('land no barangay covers, in the downloads', () => {
  const piece = (code: string, municities: string[], provinces: string[], regions: string[]): NoBarangayPiece => ({
    properties: {
      code,
      name: 'Not part of any barangay in the source boundaries',
      level: 'no-barangay',
      areaKm2: 70.6,
      municities,
      provinces,
      regions,
      around: 'Adams (Ilocos Norte), Calanasan (Apayao)',
    },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [120.9, 18.4],
          [121, 18.4],
          [121, 18.5],
          [120.9, 18.4],
        ],
      ],
    },
  });
  const land = [
    piece(
      'no-barangay-120.92-18.45',
      ['0102801000', '1408101000'],
      ['0102800000', '1408100000'],
      ['0100000000', '1400000000'],
    ),
    piece('no-barangay-125.30-7.08', ['1102400000'], ['1102400000'], ['1100000000']),
  ];
  const unit = (code: string, region: string, province: string | null, municity: string | null): DownloadUnit => ({
    code,
    name: code,
    level: 'Mun',
    region_code: region,
    province_code: province,
    municity_code: municity,
    geometry: null,
  });

  test('go with a place whose towns border them, as their own feature class, and not with other places', () => {
    const apayao = [unit('1408101000', '1400000000', '1408100000', null)];
    const got = noBarangayUnits('province', apayao, land);
    expect(got.map((u) => [u.code, u.level])).toEqual([['no-barangay-120.92-18.45', 'no-barangay']]);
    expect(noBarangayUnits('region', [unit('1101', '1100000000', null, null)], land).map((u) => u.code)).toEqual([
      'no-barangay-125.30-7.08',
    ]);
    expect(noBarangayUnits('municity', [unit('x', '0700000000', '0701200000', '0701201000')], land)).toEqual([]);
    expect(noBarangayUnits(undefined, [], land)).toHaveLength(2);
  });

  test('are written to the GeoJSON with the towns around them, and to the CSV as rows of level no-barangay', () => {
    const [own] = noBarangayUnits(undefined, [], land);
    const collection = JSON.parse(geojsonText([own], provenance, 'test'));
    expect(collection.features[0].properties).toMatchObject({
      level: 'no-barangay',
      name: 'Not part of any barangay in the source boundaries',
      around: 'Adams (Ilocos Norte), Calanasan (Apayao)',
      area_km2: 70.6,
    });
    const rows = Papa.parse<Record<string, string>>(csvText([own], provenance).replace(/^\ufeff/, ''), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows[0]).toMatchObject({ level: 'no-barangay', code: 'no-barangay-120.92-18.45' });
  });
});

describe("a user's own figures", () => {
  const units: DownloadUnit[] = [
    {
      code: '0102801000',
      name: 'Adams',
      level: 'Mun',
      region_code: '0100000000',
      province_code: '0102800000',
      municity_code: null,
      yours: 1234.5,
      geometry: null,
    },
    {
      code: '0102802000',
      name: 'Bacarra',
      level: 'Mun',
      region_code: '0100000000',
      province_code: '0102800000',
      municity_code: null,
      yours: null,
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [120, 18],
            [120.1, 18],
            [120, 18.1],
            [120, 18],
          ],
        ],
      },
    },
    {
      code: '0102803000',
      name: 'Badoc',
      level: 'Mun',
      region_code: '0100000000',
      province_code: '0102800000',
      municity_code: null,
      geometry: null,
    },
  ];
  const withYours: Provenance = {
    ...provenance,
    yours: { column: yourColumn('Housing Units (2015)'), label: 'Housing Units (2015)', source: 'housing.csv' },
  };

  test('go in a column of their own, named for theirs, empty where their table has no number or no row', () => {
    expect(withYours.yours?.column).toBe('your_housing_units_2015');
    const rows = Papa.parse<string[]>(
      csvText(units, withYours)
        .replace(/^\ufeff/, '')
        .trim(),
    ).data;
    const column = rows[0].indexOf('your_housing_units_2015');
    expect(column).toBeGreaterThan(0);
    expect(rows.slice(1).map((r) => r[column])).toEqual(['1234.5', '', '']);
    const geojson = JSON.parse(geojsonText(units, withYours, 'x'));
    expect(geojson.your_housing_units_2015).toBe('Housing Units (2015), from housing.csv (your table)');
    expect(
      geojson.features.map((f: { properties: Record<string, unknown> }) => f.properties.your_housing_units_2015),
    ).toEqual([1234.5, null, null]);
    expect(shapefileFeatures(units, withYours).features[0].properties?.your_fig).toBeNull();
  });

  test('are not in the files without a table', () => {
    expect(csvText(units, provenance)).not.toMatch(/your_/);
    expect(shapefileFeatures(units).features[0].properties).not.toHaveProperty('your_fig');
  });
});
