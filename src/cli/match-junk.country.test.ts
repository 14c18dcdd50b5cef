/**
 * `npm run match` on junk cells, an address abroad and a ZIP column (e2e/data/junk-and-zip.csv): each row as the
 * app has it, with the status and reason the file says it must come out with. Its places are all over the country,
 * so it runs in the country tier.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { toCsv } from '../matching/export.ts';
import { serviceServer } from '../test/service-server.ts';
import { appResults, matchCli } from './test-helpers.ts';

serviceServer();

/** Junk cells, an address abroad and a ZIP column, each row with what it must come out as (e2e/data/README.md). */
const JUNK = path.resolve(import.meta.dirname, '../../e2e/data/junk-and-zip.csv');
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-match-junk-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const match = (...args: string[]) => matchCli(dir, ...args);

test('junk cells, an address abroad and a ZIP column: each row as the app has it, with its status and reason', async () => {
  const run = await match(JUNK, '--threads', '1');
  expect(run.code).toBe(0);
  expect(run.stderr).toContain('zip = "ZIP Code"');
  expect(run.stdout).toBe(toCsv(await appResults(JUNK)));
  const rows = Papa.parse<Record<string, string>>(run.stdout.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  }).data;
  expect(rows.map((r) => [r.id, r.status, r.city_municipality, r.reason])).toEqual(
    rows.map((r) => [r.id, r.expect_status, r.expect_place, r.expect_reason]),
  );
  expect(rows.filter((r) => r.status === 'unmatched').every((r) => !r.lat && !r.psgc_code)).toBe(true);
});
