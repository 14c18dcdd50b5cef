/**
 * bench:ui's part for "Add your data" (scripts/bench-ui.ts runs it with its browser and its edge):
 *   - a province opened with figures per barangay → all its barangays drawn and coloured (Pangasinan's 1,364, from
 *     geo/medium/area-barangays), beside MapLibre alone adding the same file, and beside MapLibre alone fetching the
 *     towns' 48 barangay files together (the other way the data could reach the page); the gzip bytes of each;
 *   - a table of every barangay (the PSA code list's 42,011 with their 2020 population, as a CSV) given to a page
 *     open at Pangasinan: read and joined (file given → join report shown), then drawn (Show → every barangay of
 *     the province coloured).
 * Timed on the page's clock. Prints figures through bench-ui; asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { dataPaths, type Unit } from '../src/dataset/types.ts';
import { LAYER } from '../src/features/explorer/layer-ids.ts';
import { YOUR_DATA } from '../src/features/your-data/layers.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = path.join(root, 'public/data');
const PANGASINAN = '0105500000';
const BARANGAYS = 1364;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** Every barangay of the province drawn in a layer (distinct codes), coloured where the layer is a user's. */
const provinceDrawn = (layer: string, coloured: boolean) =>
  `(() => { const m = window.kapuluanMap; if (!m || !m.getLayer('${layer}')) return false;
    const codes = new Set(m.queryRenderedFeatures({ layers: ['${layer}'] }).map((f) => f.id));
    if (codes.size < ${BARANGAYS}) return false;
    return !${coloured} || m.getFeatureState({ source: '${YOUR_DATA.source}', id: '0105501001' }).class !== undefined; })()`;

/** The map idle and a second gone by, as a person finds the next thing to click. */
async function settled(page: Page) {
  await page.evaluate(
    `new Promise((resolve) => { const m = window.kapuluanMap; m.once('idle', resolve); m.triggerRepaint(); })`,
  );
  await page.waitForTimeout(1000);
}

/** Clicks a button of the page on its own clock (Playwright's click waits for it to hold still first). */
const clickAt = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).evaluate((button: HTMLElement) => {
    const t = performance.now();
    button.click();
    return t;
  });

/** A table of barangays given through the file input, shown on the map. */
async function addTable(page: Page, file: string) {
  await page.getByText('Add your data', { exact: true }).click();
  await page.getByLabel('Open a table').setInputFiles(file);
  await page.getByRole('button', { name: 'Show on the map' }).click({ timeout: 120_000 });
}

/** Region I open with a table of Pangasinan's barangays kept; Pangasinan clicked → its barangays drawn. */
async function appProvince(browser: Browser, base: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/?region=0100000000`);
    await page.waitForFunction(`!!window.kapuluanMap?.getLayer('${LAYER.regionTownsFill}')`, undefined, {
      timeout: 60_000,
    });
    await addTable(page, path.join(root, 'e2e/data/population-by-age-pangasinan-2015.csv'));
    await settled(page);
    const start = await clickAt(page, 'Pangasinan');
    await page.waitForFunction(provinceDrawn(YOUR_DATA.fill, true), undefined, { timeout: 60_000, polling: 'raf' });
    return (await page.evaluate(() => performance.now())) - start;
  } finally {
    await context.close();
  }
}

/** MapLibre alone, Pangasinan's towns drawn: its barangays added from one file, or from the towns' files. */
async function floorProvince(browser: Browser, base: string, how: 'area' | 'towns'): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/__floor/bench/ui/floor.html?draw=towns&province=${PANGASINAN}`);
    await page.waitForFunction(`!!window.kapuluanMap?.getLayer('${LAYER.townsFill}')`, undefined, { timeout: 60_000 });
    await settled(page);
    return await page.evaluate(
      async ([how, area, towns, count]) => {
        const w = window as unknown as Record<string, (a: unknown, n: number) => Promise<void>>;
        const t = performance.now();
        await (how === 'area' ? w.addAreaBarangays(area, count) : w.addTownFiles(towns, count));
        return performance.now() - t;
      },
      [how, PANGASINAN, townsOf(PANGASINAN), BARANGAYS] as const,
    );
  } finally {
    await context.close();
  }
}

/** The towns of a province-level area whose barangays are drawn (those with a medium file of their own). */
function townsOf(area: string): string[] {
  const units = JSON.parse(fs.readFileSync(path.join(dataDir, dataPaths.unitsIndex), 'utf8')).units as Unit[];
  return units
    .filter((u) => (u.level === 'City' || u.level === 'Mun') && u.parent === area)
    .map((u) => u.code)
    .filter((town) => fs.existsSync(path.join(dataDir, dataPaths.barangays('medium', town))));
}

/** The gzip bytes of the area's one file and of its towns' files together. */
function provinceBytes() {
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dataDir, file))).length;
  const towns = townsOf(PANGASINAN);
  return {
    area: gz(dataPaths.areaBarangays(PANGASINAN)),
    towns: towns.reduce((sum, town) => sum + gz(dataPaths.barangays('medium', town)), 0),
    files: towns.length,
  };
}

/** Every barangay of the code list with its population (the list's own census), written as a CSV of 42,011 rows. */
function everyBarangayCsv(): string {
  const units = JSON.parse(fs.readFileSync(path.join(dataDir, dataPaths.units), 'utf8')) as Unit[];
  const rows = units
    .filter((u) => u.level === 'Bgy')
    .map((u) => `${u.code},"${u.name.replace(/"/g, '""')}",${u.population ?? ''}`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-your-data-')), 'every-barangay.csv');
  fs.writeFileSync(file, `PSGC,Barangay,Population\n${rows.join('\n')}\n`);
  return file;
}

/** Pangasinan open; the table of every barangay given → its report; Show → Pangasinan's barangays coloured. */
async function bigTable(browser: Browser, base: string, file: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/?region=0100000000&province=0105500000`);
    await page.waitForFunction(`!!window.kapuluanMap?.getLayer('${LAYER.townsFill}')`, undefined, { timeout: 60_000 });
    await page.getByText('Add your data', { exact: true }).click();
    const input = page.getByLabel('Open a table');
    await input.waitFor();
    await settled(page);
    await input.evaluate((el) => {
      el.addEventListener('change', () => Object.assign(window, { givenAt: performance.now() }), { once: true });
    });
    await input.setInputFiles(file);
    await page.getByRole('button', { name: 'Show on the map' }).waitFor({ timeout: 120_000 });
    const joined = (await page.evaluate(() => performance.now())) - ((await page.evaluate('window.givenAt')) as number);
    const start = await clickAt(page, 'Show on the map');
    await page.waitForFunction(provinceDrawn(YOUR_DATA.fill, true), undefined, { timeout: 60_000, polling: 'raf' });
    const drawn = (await page.evaluate(() => performance.now())) - start;
    return { joined, drawn };
  } finally {
    await context.close();
  }
}

/** Runs it all `runs` times (the big table at most three) and prints the figures. */
export async function benchYourData(browser: Browser, base: string, runs: number) {
  const app: number[] = [];
  const floor: number[] = [];
  const towns: number[] = [];
  for (let i = 0; i < runs; i++) {
    app.push(await appProvince(browser, base));
    floor.push(await floorProvince(browser, base, 'area'));
    towns.push(await floorProvince(browser, base, 'towns'));
  }
  const file = everyBarangayCsv();
  const rows = fs.readFileSync(file, 'utf8').trim().split('\n').length - 1;
  const big: { joined: number; drawn: number }[] = [];
  for (let i = 0; i < Math.min(3, runs); i++) big.push(await bigTable(browser, base, file));
  fs.rmSync(path.dirname(file), { recursive: true, force: true });

  const bytes = provinceBytes();
  const ms = (xs: number[]) => `${median(xs).toFixed(0)} ms`;
  console.log(`\nA province's barangays drawn with a table of figures per barangay (Pangasinan, ${BARANGAYS}):`);
  console.log(
    `  app, province clicked → every barangay coloured: ${ms(app)}, ${(median(app) / median(floor)).toFixed(2)}× the floor (${app.map((t) => t.toFixed(0)).join(', ')})`,
  );
  console.log(
    `  floor, MapLibre adding geo/medium/area-barangays/${PANGASINAN}.json: ${ms(floor)} (${floor.map((t) => t.toFixed(0)).join(', ')}); ${kb(bytes.area)} gzip`,
  );
  console.log(
    `  MapLibre adding the ${bytes.files} towns' barangay files fetched together: ${ms(towns)} (${towns.map((t) => t.toFixed(0)).join(', ')}); ${kb(bytes.towns)} gzip`,
  );
  const total = big.map((b) => b.joined + b.drawn);
  console.log(
    `A table of every barangay (${rows.toLocaleString('en')} rows, by code) at Pangasinan: read and joined ${ms(big.map((b) => b.joined))}, drawn ${ms(big.map((b) => b.drawn))}, together ${ms(total)} (${big.map((b) => `${b.joined.toFixed(0)}+${b.drawn.toFixed(0)}`).join(', ')})`,
  );
}
