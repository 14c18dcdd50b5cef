/**
 * `npm run match` against the app: the same file gives, row for row, the export the app would write after
 * matching it through the service's POST /v1/geocode/batch (the real addresses of e2e/data/, written by the
 * Department of Health's registry), as CSV, GeoJSON and XLSX; piped, standard output holds the CSV alone; a bad
 * file or command line says why and exits non-zero.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { toCsv, toGeoJson, toXlsx } from '../matching/export.ts';
import { readTable } from '../matching/read-table.ts';
import { serviceServer } from '../test/service-server.ts';
import { appResults, matchCli } from './test-helpers.ts';

serviceServer();

const root = path.resolve(import.meta.dirname, '../..');
const REGISTRY = path.join(root, 'e2e/data/health-facilities.csv');
const PARTS = path.join(root, 'e2e/data/health-facilities-parts.csv');
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-match-cli-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `npm run match -- …`, run from this test's folder. */
const match = (...args: string[]) => matchCli(dir, ...args);

describe('a file of real addresses', () => {
  test("is written as the app's CSV export, row for row, and told in a summary", async () => {
    const run = await match(REGISTRY, '--out', 'out.csv', '--threads', '2');
    expect(run.stderr).toMatch(/308 rows of .*health-facilities\.csv matched into out\.csv/);
    expect(run.code).toBe(0);
    const expected = toCsv(await appResults(REGISTRY));
    const written = fs.readFileSync(path.join(dir, 'out.csv'), 'utf8');
    expect(written.split('\r\n')).toEqual(expected.split('\r\n'));
    expect(fs.readdirSync(dir).filter((f) => f.includes('.partial-'))).toEqual([]);
  });

  test("as GeoJSON, the app's features", async () => {
    const run = await match(REGISTRY, '--out', 'out.geojson', '--threads', '1');
    expect(run.code).toBe(0);
    const written = JSON.parse(fs.readFileSync(path.join(dir, 'out.geojson'), 'utf8'));
    expect(written).toEqual(JSON.parse(toGeoJson(await appResults(REGISTRY))));
    expect(written.features.length).toBeGreaterThan(300);
  });

  test('as XLSX, the same cells, read back', async () => {
    const run = await match(REGISTRY, '--out', 'out.xlsx', '--threads', '1');
    expect(run.code).toBe(0);
    const back = await readTable({ name: 'out.xlsx', bytes: fs.readFileSync(path.join(dir, 'out.xlsx')) });
    const app = await readTable({ name: 'app.xlsx', bytes: await toXlsx(await appResults(REGISTRY)) });
    expect(back.header).toEqual(app.header);
    expect(back.rows).toEqual(app.rows);
    // lat, lng and confidence are numbers shown with the CSV's decimals, as in the app's workbook
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(dir, 'out.xlsx'));
    const sheet = workbook.getWorksheet('Matched');
    const lat = sheet?.getRow(2).getCell(back.header.indexOf('lat') + 1);
    expect([typeof lat?.value, lat?.numFmt]).toEqual(['number', '0.000000']);
    expect(sheet?.getRow(1).font?.bold).toBe(true);
  });

  test('with its address in parts, piped: standard output is the CSV alone', async () => {
    const run = await match(PARTS, '--threads', '1');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(toCsv(await appResults(PARTS)));
    expect(run.stderr).toContain('barangay = "barangay"');
    expect(run.stderr).not.toContain('\r');
  });

  test('a row wider than the header far down the file: every row padded to the width known only at the end', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `${i},"Lahug, Cebu City"${i === 1100 ? ',extra' : ''}`);
    fs.writeFileSync(path.join(dir, 'ragged.csv'), `id,address\n${rows.join('\n')}\n`);
    const run = await match('ragged.csv', '--threads', '1');
    expect(run.code).toBe(0);
    const expected = toCsv(await appResults(path.join(dir, 'ragged.csv')));
    expect(run.stdout).toBe(expected);
    expect(run.stdout.split('\r\n')[0]).toContain('id,address,Column 3,');
  });
});

describe('a bad file or command line', () => {
  test('a file that is not there, or empty, or with no address column: why, and exit 1', async () => {
    expect(await match('nowhere.csv')).toMatchObject({ code: 1, stderr: 'match: There is no file nowhere.csv.\n' });
    fs.writeFileSync(path.join(dir, 'empty.csv'), '');
    expect(await match('empty.csv')).toMatchObject({ code: 1, stderr: 'match: The file is empty.\n' });
    fs.writeFileSync(path.join(dir, 'numbers.csv'), 'id,amount\n1,200\n2,350\n');
    const none = await match('numbers.csv');
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Its columns: 1. id, 2. amount. Name one with --column.');
    const wrong = await match(REGISTRY, '--column', 'Street');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('has no column "Street". Its columns: 1. Facility ID, 2. Address, 3. Notes.');
  });

  test('an Excel output of more rows than a sheet holds: refused before matching, naming what to export instead', async () => {
    const rows = 1_048_576;
    fs.writeFileSync(path.join(dir, 'huge.csv'), `address\n${'Lahug, Cebu City\n'.repeat(rows)}`);
    const run = await match('huge.csv', '--out', 'huge.xlsx');
    expect(run).toMatchObject({ code: 1 });
    expect(run.stderr).toContain(
      'huge.csv has 1,048,576 rows. Excel holds at most 1,048,575 rows under the header: export CSV or GeoJSON.',
    );
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('huge.xlsx'))).toEqual([]);
  }, 60_000);

  test('no file, an unknown option, or an output of no known kind: the usage, and exit 2', async () => {
    for (const args of [[], [REGISTRY, '--colour'], [REGISTRY, '--out', 'out.txt'], [REGISTRY, '--out', REGISTRY]]) {
      const run = await match(...args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr).toContain('Usage: npm run match');
    }
  });
});
