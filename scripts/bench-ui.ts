/**
 * npm run bench:ui — in headless Chromium (Debian's), with the production build and the built-in service:
 * navigation → regions drawn, a municipality click → its barangays drawn, bytes per detail level over HTTP
 * (gzip, as npm run api sends them), and the initial JavaScript size. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import { LAYER } from '../src/map/layers.ts';
import { startHttpServer } from '../src/server/http-server.ts';
import { memoryStore } from '../src/service/store.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const root = path.resolve(import.meta.dirname, '..');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// 1. Initial JavaScript: what index.html loads before anything else (lazy chunks excluded).
await build({ root, logLevel: 'warn' });
const dist = path.join(root, 'dist');
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const sizeOf = (files: string[]) =>
  files.reduce(
    (s, f) => {
      const body = fs.readFileSync(path.join(dist, f));
      return { raw: s.raw + body.length, gzip: s.gzip + gzipSync(body).length };
    },
    { raw: 0, gzip: 0 },
  );
const allJs = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const initialSize = sizeOf(initial);
const lazySize = sizeOf(allJs.filter((f) => !initial.includes(f)));

// 2. Bytes per detail level over HTTP, gzip as the server sends them.
const api = await startHttpServer({ port: 0, keys: ['bench'], store: memoryStore() });
const bytes = async (p: string) => {
  const response = await fetch(api.url + p, { headers: { authorization: 'Bearer bench' } });
  return gzipSync(Buffer.from(await response.arrayBuffer())).length;
};
const levels: string[][] = [];
for (const level of ['simple', 'medium', 'detailed']) {
  const towns = [701208, 1380600, 401001, 1705309, 305410]; // Bilar, Manila, Agoncillo, Coron, Macabebe
  const barangays: number[] = [];
  for (const id of towns) barangays.push(await bytes(`/v1/municities/${id}?geometry=${level}`));
  levels.push([
    level,
    kb(await bytes(`/v1/regions?geometry=${level}&output=geojson&limit=100`)),
    kb(await bytes(`/v1/provinces/4010?geometry=${level}`)),
    kb(median(barangays)),
  ]);
}
await api.close();

// 3. Timings in the browser against the production build with the built-in service.
const server = await preview({ root, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const base = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4173/';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking'],
});
const drawn = (layer: string, min: number) =>
  `(() => { const m = window.kapuluanMap; return !!m && !!m.getLayer('${layer}') && m.loaded() && m.queryRenderedFeatures({ layers: ['${layer}'] }).length >= ${min}; })()`;
const toRegions: number[] = [];
const toBarangays: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(base);
  await page.waitForFunction(drawn(LAYER.regionsFill, 18), undefined, { timeout: 60_000 });
  toRegions.push(await page.evaluate(() => performance.now()));
  await page.goto(`${base}?region=4&province=4010`);
  await page.waitForFunction(drawn(LAYER.townsFill, 10), undefined, { timeout: 60_000 });
  const button = page.getByRole('button', { name: 'Agoncillo' });
  const start = await page.evaluate(() => performance.now());
  await button.click();
  await page.waitForFunction(drawn(LAYER.barangaysFill, 10), undefined, { timeout: 60_000 });
  toBarangays.push((await page.evaluate(() => performance.now())) - start);
  await context.close();
}
await browser.close();
await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));

console.log(`\nInitial JavaScript (${initial.length} files): ${kb(initialSize.raw)} raw, ${kb(initialSize.gzip)} gzip`);
console.log(
  `Loaded later (${allJs.length - initial.length} files: the built-in service…): ${kb(lazySize.raw)} raw, ${kb(lazySize.gzip)} gzip`,
);
console.log(
  `\nNavigation → 18 regions drawn: median ${median(toRegions).toFixed(0)} ms (${toRegions.map((t) => t.toFixed(0)).join(', ')})`,
);
console.log(
  `Municipality click → barangays drawn: median ${median(toBarangays).toFixed(0)} ms (${toBarangays.map((t) => t.toFixed(0)).join(', ')})`,
);
console.log('\nBytes over HTTP, gzip: all regions | Batangas towns | a town’s barangays (median of 5)');
for (const row of levels)
  console.log(`  ${row[0].padEnd(9)} ${row[1].padStart(10)} ${row[2].padStart(10)} ${row[3].padStart(10)}`);
