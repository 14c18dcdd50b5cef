import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import type { ResolvedPlace } from '../contract/types.ts';
import { ADDED_COLUMNS, exportFileName, type MatchExport, toCsv, toGeoJson, toXlsx } from './export.ts';
import { matched, resolvedPlace, unmatched } from './test-support.ts';
import type { RowOutcome, SourceTable } from './types.ts';

/** Barangay Lahug, City of Cebu, with each level above it by its real PSGC code. */
function lahug(over: Partial<ResolvedPlace> = {}): ResolvedPlace {
  return resolvedPlace({ lat: 10.3312345678, lng: 123.8987654321, confidence: 0.876, ...over });
}

/** The City of Cebu itself: a town-level match, no barangay. */
function cebuCity(): ResolvedPlace {
  return lahug({ psgc_code: '0730600000', level: 'City', name: 'City of Cebu', barangay: null, confidence: 0.6 });
}

function job(header: string[], rows: string[][], results: (RowOutcome | null)[]): MatchExport {
  const table: SourceTable = {
    fileName: 'clinics.csv',
    format: 'csv',
    encoding: 'utf-8',
    delimiter: ',',
    header,
    rows,
  };
  return { table, results };
}

/** The CSV read back (BOM dropped), as arrays of cells. */
function readCsv(csv: string): string[][] {
  return Papa.parse<string[]>(csv.slice(1), { newline: '\r\n' }).data;
}

const HEADER = ['name', 'address'];
const ADDED = [...ADDED_COLUMNS];

describe('columns', () => {
  test('adds the PSGC columns after the file’s own (the code, barangay up to region, the point, the match), then `fixed` and `reason`', () => {
    const [header] = readCsv(toCsv(job(HEADER, [], [])));
    expect(header).toEqual([
      'name',
      'address',
      'psgc_code',
      'barangay',
      'barangay_code',
      'city_municipality',
      'city_municipality_code',
      'province',
      'province_code',
      'region',
      'region_code',
      'lat',
      'lng',
      'match_level',
      'confidence',
      'status',
      'psgc_vintage',
      'fixed',
      'reason',
    ]);
  });

  test('an added column whose name the file already uses becomes <name>_matched, whatever its case', () => {
    const [header] = readCsv(toCsv(job(['Region', 'status', 'status_matched'], [], [])));
    expect(header.slice(0, 3)).toEqual(['Region', 'status', 'status_matched']);
    expect(header).toContain('region_matched');
    expect(header).toContain('status_matched_matched');
    expect(header).not.toContain('region');
    expect(header).toHaveLength(3 + ADDED.length);
  });
});

describe('values', () => {
  test('a matched row carries its place by code and official name, lat/lng to 6 decimals, confidence to 2', () => {
    const [, row] = readCsv(toCsv(job(HEADER, [['Clinic A', 'Lahug, Cebu City']], [matched(lahug())])));
    expect(Object.fromEntries(ADDED.map((c, i) => [c, row[2 + i]]))).toEqual({
      psgc_code: '0730600041',
      barangay: 'Lahug',
      barangay_code: '0730600041',
      city_municipality: 'City of Cebu',
      city_municipality_code: '0730600000',
      province: 'Cebu',
      province_code: '0702200000',
      region: 'Region VII (Central Visayas)',
      region_code: '0700000000',
      lat: '10.331235',
      lng: '123.898765',
      match_level: 'Bgy',
      confidence: '0.88',
      status: 'matched',
      psgc_vintage: '2Q 2025',
      fixed: '',
      reason: '',
    });
    expect(row.slice(0, 2)).toEqual(['Clinic A', 'Lahug, Cebu City']);
  });

  test('a town-level match leaves the barangay cells empty', () => {
    const [, row] = readCsv(toCsv(job(HEADER, [['B', 'Cebu City']], [matched(cebuCity())])));
    expect(row.slice(2, 7)).toEqual(['0730600000', '', '', 'City of Cebu', '0730600000']);
    expect(row[2 + ADDED.indexOf('match_level')]).toBe('City');
  });

  test('an unmatched row keeps every added cell empty but its status and its reason', () => {
    const [, row] = readCsv(toCsv(job(HEADER, [['C', 'nowhere']], [unmatched])));
    expect(row.slice(2)).toEqual(ADDED.map((c) => (c === 'status' ? 'unmatched' : '')));
    const abroad: RowOutcome = {
      ...unmatched,
      reason: 'The address is in Japan, outside the Philippines: it names no Philippine place to match.',
    };
    const [, said] = readCsv(toCsv(job(HEADER, [['C', 'Shinjuku, Tokyo, Japan']], [abroad])));
    expect(said[2 + ADDED.indexOf('reason')]).toBe(abroad.reason);
  });

  test('a row not matched yet has every added cell empty, status too', () => {
    const [, row] = readCsv(toCsv(job(HEADER, [['D', '?']], [null])));
    expect(row.slice(2)).toEqual(ADDED.map(() => ''));
  });

  test('an ambiguous row carries its best place and says ambiguous', () => {
    const outcome: RowOutcome = { status: 'ambiguous', match: lahug(), candidates: [lahug(), cebuCity()] };
    const [, row] = readCsv(toCsv(job(HEADER, [['E', 'Lahug']], [outcome])));
    expect(row[2]).toBe('0730600041');
    expect(row[2 + ADDED.indexOf('status')]).toBe('ambiguous');
  });

  test('a row a person fixed reads matched, with fixed = yes', () => {
    const fixed: RowOutcome = { status: 'ambiguous', match: cebuCity(), candidates: [cebuCity()], fixed: true };
    const [, row] = readCsv(toCsv(job(HEADER, [['F', 'Cebu']], [fixed])));
    expect(row[2]).toBe('0730600000');
    expect(row[2 + ADDED.indexOf('status')]).toBe('matched');
    expect(row[2 + ADDED.indexOf('fixed')]).toBe('yes');
  });
});

describe('CSV', () => {
  test('starts with a UTF-8 byte order mark and ends records with CRLF', () => {
    const csv = toCsv(job(HEADER, [['Parañaque clinic', 'x']], [unmatched]));
    expect(csv.startsWith('\uFEFFname,address,psgc_code')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(2);
    expect(csv).toContain('Parañaque clinic');
  });

  test('quotes fields with commas, quotes and line breaks, doubling inner quotes', () => {
    const csv = toCsv(job(HEADER, [['Clinic "Sto. Niño"', 'Lahug,\r\nCebu City\nline 3']], [unmatched]));
    const line = csv.split('\r\n').slice(1).join('\r\n');
    expect(line.startsWith('"Clinic ""Sto. Niño""","Lahug,\r\nCebu City\nline 3",')).toBe(true);
    expect(readCsv(csv)[1].slice(0, 2)).toEqual(['Clinic "Sto. Niño"', 'Lahug,\r\nCebu City\nline 3']);
  });

  test('puts a quote mark before every cell a spreadsheet would run as a formula', () => {
    const cells = ['=SUM(A1)', '+63 912 345 6789', '-1', '@user', '\tx', '\rx', '=1+1\n=2', 'safe', '12=3'];
    const csv = toCsv(job(['=HYPERLINK("x")', ...cells.map((_, i) => `c${i}`)], [['', ...cells]], [unmatched]));
    const [header, row] = readCsv(csv);
    expect(header[0]).toBe('\'=HYPERLINK("x")');
    expect(row.slice(1, 1 + cells.length)).toEqual([
      "'=SUM(A1)",
      "'+63 912 345 6789",
      "'-1",
      "'@user",
      "'\tx",
      "'\rx",
      "'=1+1\n=2",
      'safe',
      '12=3',
    ]);
  });

  test('our own numbers are not escaped', () => {
    const [, row] = readCsv(toCsv(job(HEADER, [['A', 'b']], [matched(lahug())])));
    expect(row[2 + ADDED.indexOf('lng')]).toBe('123.898765');
  });
});

describe('XLSX', () => {
  async function read(bytes: Uint8Array) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    return workbook;
  }

  test('one sheet "Matched": bold frozen header with a filter, the same columns as the CSV', async () => {
    const data = job(HEADER, [['A', 'Lahug']], [matched(lahug())]);
    const sheet = (await read(await toXlsx(data))).getWorksheet('Matched')!;
    expect(sheet).toBeDefined();
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(readCsv(toCsv(data))[0]);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
  });

  test('lat, lng and confidence are numbers; codes and names stay text with their leading zeros', async () => {
    const sheet = (await read(await toXlsx(job(HEADER, [['A', '0917']], [matched(lahug())])))).worksheets[0];
    const cell = (column: string) => sheet.getRow(2).getCell(3 + ADDED.indexOf(column as (typeof ADDED)[number]));
    expect(cell('lat').value).toBe(10.331235);
    expect(cell('lng').value).toBe(123.898765);
    expect(cell('confidence').value).toBe(0.88);
    expect(cell('lat').type).toBe(ExcelJS.ValueType.Number);
    expect(cell('psgc_code').value).toBe('0730600041');
    expect(cell('region_code').type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(2).value).toBe('0917');
    expect(cell('fixed').value).toBeNull();
  });

  test('formula-like text is written as a string, never as a formula, and without our CSV quote mark', async () => {
    const cells = ['=SUM(A1)', '+63 912 345 6789', '-1', '@user'];
    const sheet = (await read(await toXlsx(job(['a', 'b', 'c', 'd'], [cells], [unmatched])))).worksheets[0];
    cells.forEach((text, i) => {
      const cell = sheet.getRow(2).getCell(i + 1);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.formula).toBeUndefined();
      expect(cell.value).toBe(text);
    });
  });
});

describe('GeoJSON', () => {
  test('one Point per row with a place, at its lng/lat; rows without one are left out', () => {
    const data = job(
      HEADER,
      [
        ['A', 'Lahug'],
        ['B', 'nowhere'],
        ['C', 'later'],
        ['D', 'Cebu City'],
      ],
      [matched(lahug()), unmatched, null, matched(cebuCity())],
    );
    const collection = JSON.parse(toGeoJson(data));
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features.map((f: any) => f.properties.name)).toEqual(['A', 'D']);
    expect(collection.features[0].geometry).toEqual({ type: 'Point', coordinates: [123.898765, 10.331235] });
  });

  test('properties are the file’s columns by header name and ours but lat/lng; confidence a number', () => {
    const data = job(['name', 'name', 'region'], [['A', 'A2', 'VII']], [matched(lahug())]);
    const [feature] = JSON.parse(toGeoJson(data)).features;
    expect(feature.properties).toMatchObject({
      name: 'A',
      name_2: 'A2',
      region: 'VII',
      region_matched: 'Region VII (Central Visayas)',
      psgc_code: '0730600041',
      confidence: 0.88,
      status: 'matched',
    });
    expect(feature.properties).not.toHaveProperty('lat');
    expect(feature.properties).not.toHaveProperty('lng');
  });
});

describe('file names', () => {
  test('say what the file is, in place of the old extension', () => {
    expect(exportFileName('clinics.csv', 'csv')).toBe('clinics-matched-psgc.csv');
    expect(exportFileName('clinics.csv', 'xlsx')).toBe('clinics-matched-psgc.xlsx');
    expect(exportFileName('clinics.tsv', 'geojson')).toBe('clinics-matched-psgc.geojson');
    expect(exportFileName('list.v2.xlsx', 'csv')).toBe('list.v2-matched-psgc.csv');
    expect(exportFileName('clinics', 'csv')).toBe('clinics-matched-psgc.csv');
  });

  test('keep letters such as ñ and replace what file systems refuse', () => {
    expect(exportFileName('Parañaque clinics.csv', 'csv')).toBe('Parañaque clinics-matched-psgc.csv');
    expect(exportFileName('a:b*c?"d"<e>|f.csv', 'csv')).toBe('a_b_c_d_e_f-matched-psgc.csv');
    expect(exportFileName('C:\\fakepath\\clinics.csv', 'csv')).toBe('clinics-matched-psgc.csv');
    expect(exportFileName('tab\there.csv', 'csv')).toBe('tab_here-matched-psgc.csv');
    expect(exportFileName('.csv', 'csv')).toBe('addresses-matched-psgc.csv');
    expect(exportFileName('', 'xlsx')).toBe('addresses-matched-psgc.xlsx');
  });
});
