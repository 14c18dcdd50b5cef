/**
 * npm run bench:ui — in headless Chromium (Debian's), with the production build (its entry with the browser tests'
 * hook that hands the script the map, `vite build --mode e2e`) and the built-in service, beside
 * MapLibre alone in the same run (bench/ui/floor.html, built with the app):
 *   - navigation → first regions drawn, alternating three pages: the bare map (background only), the floor
 *     (MapLibre drawing geo/simple/regions.json straight from the file) and the app, each in a fresh context (an
 *     empty cache): when each is drawn, on the page's clock (bench/ui/first-screen.ts), and the bytes that had
 *     arrived by then as the browser counts them (every response of the page and its workers: compressed body and
 *     headers), with the ratio of both to the floor's;
 *   - a town click → its barangays drawn: the app, and MapLibre adding the same barangay file;
 *   - the first regions again on a mobile link (5 Mbit/s down, 150 ms round trip);
 *   - a cold page's first search suggestion: a town's name typed into the search box key by key, as soon as the
 *     first regions are drawn; from the first keystroke to the first option on screen;
 *   - a shared link to a barangay (as "Copy link" gives it) → that barangay drawn, beside the first screen of
 *     the same run, as a ratio;
 *   - a province's barangays drawn with a user's figures per barangay, and a table of every barangay joined and
 *     drawn (scripts/bench-ui-your-data.ts);
 *   - bytes per detail level over HTTP (gzip, as npm run api sends them), and the initial JavaScript size.
 * Pages are served through an edge in this script that gzips as a web server would, sends no cache headers (as
 * many static hosts send none: a file asked for twice is downloaded twice) and, for the mobile runs, shapes the link: it is in front of the page and its workers alike (the msw service worker's fetches are a
 * target of their own, which DevTools' emulation on the page would not slow). Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { build, preview } from 'vite';
import { FIRST_SCREEN_AT, watchFirstScreen } from '../bench/ui/first-screen.ts';
import { LAYER } from '../src/features/explorer/layer-ids.ts';
import { startHttpServer } from '../src/server/http-server.ts';
import { memoryStore } from '../src/service/store.ts';
import { benchYourData } from './bench-ui-your-data.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const root = path.resolve(import.meta.dirname, '..');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// 1. Initial JavaScript: what index.html loads before anything else (lazy chunks excluded), in the production build.
await build({ root, logLevel: 'warn', build: { manifest: true } });
const dist = path.join(root, 'dist');
/**
 * The page's entry and the app's chunk (src/app/boot.tsx), which the entry asks for as soon as it runs, with
 * their static imports: the JavaScript every first screen needs, whatever the service. The built-in service's
 * chunk, which only the default app loads, is counted among the later ones.
 */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const closure = (key: string, into = new Set<string>()): Set<string> => {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
};
const initial = [...closure('src/app/boot.tsx', closure('index.html'))].filter((f) => f.endsWith('.js'));
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

// The pages timed below: the same build with the browser tests' entry (src/e2e-main.tsx, `--mode e2e`), whose only
// difference is the map on window.kapuluanMap, which the script reads to know what is drawn; the production
// build has no such hook.
await build({ root, mode: 'e2e', logLevel: 'warn' });
const e2eDist = path.join(root, 'dist-e2e');
// The floor pages, built beside it and removed at the end.
const FLOOR = '__floor';
await build({
  root,
  logLevel: 'warn',
  base: `/${FLOOR}/`,
  publicDir: false,
  build: {
    outDir: path.join(e2eDist, FLOOR),
    emptyOutDir: true,
    rolldownOptions: { input: path.join(root, 'bench/ui/floor.html') },
  },
});

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

// 3. Timings in the browser against the build with the built-in service (the tests' entry), through the edge.
const server = await preview({ root, mode: 'e2e', preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const origin = (server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4173/').replace(/\/$/, '');

interface Link {
  /** Bytes a second down; 0 = unshaped. */
  rate: number;
  /** Added before each answer's first byte, ms. */
  rttMs: number;
}
const FAST: Link = { rate: 0, rttMs: 0 };
const MOBILE: Link = { rate: 5_000_000 / 8, rttMs: 150 };
/** The paths the edge answered, in order: which detail a town click asked for. */
let sent: string[] = [];
let link = FAST;
/** When the shaped link is free again: one link shared by every connection, as a phone's is. */
let linkFreeAt = 0;
const COMPRESSIBLE = /json|javascript|css|html|svg|text/;
/**
 * Each static file compressed once, as a web server serving precompressed files does (nginx gzip_static): this
 * one process gzips synchronously, so compressing per request would queue a page's parallel requests behind
 * each other's compression, a cost no real edge has, and one that grows with the number of files a page loads.
 */
const compressed = new Map<string, Buffer<ArrayBufferLike>>();

const edge = http.createServer(async (req, res) => {
  const upstream = await fetch(origin + (req.url ?? '/'), { headers: { accept: req.headers.accept ?? '*/*' } });
  let body: Buffer<ArrayBufferLike> = Buffer.from(await upstream.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [k, v] of upstream.headers)
    if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(k))
      headers[k] = v;
  if (
    COMPRESSIBLE.test(headers['content-type'] ?? '') &&
    /gzip/.test(String(req.headers['accept-encoding'])) &&
    body.length > 1024
  ) {
    const key = req.url ?? '/';
    const known = compressed.get(key);
    body = known ?? gzipSync(body);
    if (!known) compressed.set(key, body);
    headers['content-encoding'] = 'gzip';
  }
  headers['content-length'] = String(body.length);
  // No cache headers, as many static hosts send none: a page that asks twice for a file downloads it twice.
  for (const name of ['cache-control', 'etag', 'last-modified', 'expires']) delete headers[name];
  const shaped = link;
  if (shaped.rttMs) await new Promise((resolve) => setTimeout(resolve, shaped.rttMs));
  res.writeHead(upstream.status, headers);
  if (!shaped.rate) res.end(body);
  else {
    for (let at = 0; at < body.length; at += 16_384) {
      const chunk = body.subarray(at, at + 16_384);
      const start = Math.max(performance.now(), linkFreeAt);
      linkFreeAt = start + (chunk.length / shaped.rate) * 1000;
      await new Promise((resolve) => setTimeout(resolve, linkFreeAt - performance.now()));
      res.write(chunk);
    }
    res.end();
  }
  sent.push(req.url ?? '/');
});
await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(edge.address() as { port: number }).port}`;

const browser: Browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking'],
});
const drawn = (layer: string, min: number) =>
  `(() => { const m = window.kapuluanMap; return !!m && !!m.getLayer('${layer}') && m.loaded() && m.queryRenderedFeatures({ layers: ['${layer}'] }).length >= ${min}; })()`;
const rendered = (layer: string, min: number) =>
  `(() => { const m = window.kapuluanMap; return !!m && !!m.getLayer('${layer}') && m.queryRenderedFeatures({ layers: ['${layer}'] }).length >= ${min}; })()`;

interface Draw {
  /** Navigation → drawn, on the page's clock. */
  ms: number;
  /** Bytes received (compressed bodies and headers) by then. */
  bytes: number;
  /** Each file that had arrived, with its bytes: what the bytes are made of. */
  files: { path: string; bytes: number }[];
}
/** Each page's moment "drawn" (bench/ui/first-screen.ts): the bare map loaded, or 18 regions rendered. */
const PAGES = {
  bare: { url: `/${FLOOR}/bench/ui/floor.html?draw=none`, watch: watchFirstScreen(null, 0) },
  floor: { url: `/${FLOOR}/bench/ui/floor.html?draw=regions`, watch: watchFirstScreen(LAYER.regionsFill, 18) },
  app: { url: '/', watch: watchFirstScreen(LAYER.regionsFill, 18) },
} as const;
type PageName = keyof typeof PAGES;

/**
 * Navigation → drawn, in a fresh context (an empty cache), on the given link: when, on the page's clock, and the
 * bytes that had arrived by then as the browser counts them (Playwright's network events of the page and its
 * workers: each response's compressed body and headers, and when its last byte came).
 */
async function firstDraw(name: PageName, on: Link): Promise<Draw> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const arrived: Promise<{ path: string; bytes: number; end: number }>[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.protocol.startsWith('http')) return; // a blob: worker's code came with an earlier download
    const { startTime, responseEnd } = request.timing();
    arrived.push(
      request.sizes().then((size) => ({
        path: url.pathname + url.search,
        bytes: size.responseBodySize + size.responseHeadersSize,
        end: startTime + responseEnd,
      })),
    );
  });
  await page.addInitScript(PAGES[name].watch);
  link = on;
  linkFreeAt = 0;
  try {
    await page.goto(base + PAGES[name].url);
    const at = `window.${FIRST_SCREEN_AT}`;
    await page.waitForFunction(`${at} !== undefined`, undefined, { timeout: 120_000 });
    const [ms, drawnAt] = (await page.evaluate(`[${at}, performance.timeOrigin + ${at}]`)) as [number, number];
    const files = (await Promise.all(arrived))
      .filter((f) => f.end <= drawnAt)
      .map(({ path, bytes }) => ({ path, bytes }));
    return { ms, bytes: files.reduce((n, s) => n + s.bytes, 0), files };
  } finally {
    link = FAST;
    await context.close();
  }
}

const AGONCILLO = '0401001000';
/**
 * The page as a person clicks it: the map idle (nothing loading, moving or being placed) and a second gone by, as
 * long as finding a town in the list takes. Clicked the moment the towns are drawn, the app's click also paid for
 * what its province page still had to do (its names around: the first text drawn builds MapLibre's text program,
 * 200–400 ms under SwiftShader), which the floor, drawing no names, does not have.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    `new Promise((resolve) => { const m = window.kapuluanMap; m.once('idle', resolve); m.triggerRepaint(); })`,
  );
  await page.waitForTimeout(1000);
}

/** A town click → its barangays drawn: the app (from its list), then MapLibre adding the same file. */
async function townClick(): Promise<{ app: number; floor: number; detail: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let page = await context.newPage();
  await page.goto(`${base}/?region=0400000000&province=0401000000`);
  await page.waitForFunction(drawn(LAYER.townsFill, 10), undefined, { timeout: 60_000 });
  await settled(page);
  sent = [];
  // Clicked and timed in the page, as the floor's addBarangays is: Playwright's own click waits for the button
  // to hold still over two animation frames first, which under software GL is a few hundred milliseconds the
  // floor would not pay.
  const start = await page.getByRole('button', { name: 'Agoncillo' }).evaluate((button: HTMLElement) => {
    const t = performance.now();
    button.click();
    return t;
  });
  // Ten barangays on screen, as the floor page counts them (other sources may still be loading: the towns
  // around at the new zoom's detail).
  await page.waitForFunction(rendered(LAYER.barangaysFill, 10), undefined, { timeout: 60_000, polling: 'raf' });
  const app = (await page.evaluate(() => performance.now())) - start;
  const detail =
    sent.map((path) => path.match(new RegExp(`/geo/(\\w+)/barangays/${AGONCILLO}`))?.[1]).find(Boolean) ?? 'simple';
  await context.close();
  const floorContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await floorContext.newPage();
  await page.goto(`${base}/${FLOOR}/bench/ui/floor.html?draw=towns&province=0401000000`);
  await page.waitForFunction(drawn(LAYER.townsFill, 10), undefined, { timeout: 60_000 });
  await settled(page);
  const floor = await page.evaluate(
    async ([town, d]) => {
      const t = performance.now();
      await (window as unknown as { addBarangays: (town: string, detail: string) => Promise<void> }).addBarangays(
        town,
        d,
      );
      return performance.now() - t;
    },
    [AGONCILLO, detail] as const,
  );
  await floorContext.close();
  return { app, floor, detail };
}

/** The town typed, and how fast: a brisk typist's 150 ms a key (a query waits for no pause in typing to be sent). */
const TYPED = process.env.TYPED ?? 'calamba';
const KEY_DELAY_MS = Number(process.env.KEY_DELAY_MS ?? 150);
/**
 * A cold page, a town typed as soon as the first regions are drawn: the first keystroke → the first option of
 * the search's list on screen, both read on the page's clock (a keydown listener and a mutation observer put in
 * before typing), with what the first option said; and → the first option naming the town typed.
 */
async function firstSuggestion(): Promise<{ ms: number; first: string; town: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(`${base}/`);
    await page.waitForFunction(drawn(LAYER.regionsFill, 18), undefined, { timeout: 120_000, polling: 'raf' });
    const box = page.getByRole('combobox', { name: 'Search places' });
    // Strings, not functions: tsx names the functions it compiles with a helper the page does not have.
    await page.evaluate(`(() => {
      const seen = {};
      window.suggestTiming = seen;
      const input = document.querySelector('input[role="combobox"]');
      input.addEventListener('keydown', () => { seen.key ??= performance.now(); }, { capture: true });
      new MutationObserver(() => {
        const option = document.querySelector('[role="listbox"][aria-label="Places"] [role="option"]');
        if (!option || seen.key === undefined) return;
        if (seen.option === undefined) {
          seen.option = performance.now();
          seen.text = option.textContent ?? '';
        }
        if (seen.town === undefined && (option.textContent ?? '').toLowerCase().includes(${JSON.stringify(TYPED.toLowerCase())}))
          seen.town = performance.now();
      }).observe(document.body, { childList: true, characterData: true, subtree: true });
    })()`);
    await box.click();
    await box.pressSequentially(TYPED, { delay: KEY_DELAY_MS });
    const seen = (await (
      await page.waitForFunction('window.suggestTiming.town !== undefined && window.suggestTiming', undefined, {
        timeout: 60_000,
      })
    ).jsonValue()) as { key: number; option: number; text: string; town: number };
    return { ms: seen.option - seen.key, first: seen.text, town: seen.town - seen.key };
  } finally {
    await context.close();
  }
}

/**
 * A shared link to a barangay, made once as a person makes it: a town opened, a barangay of its list picked,
 * the camera let settle, and the page's address taken, as "Copy link" takes it.
 */
async function sharedBarangayLink(): Promise<{ url: string; code: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/?region=0400000000&province=0401000000&municity=0401001000`);
  await page.waitForFunction(rendered(LAYER.barangaysFill, 10), undefined, { timeout: 60_000 });
  await page.getByRole('list', { name: 'Barangays' }).getByRole('button').nth(3).click();
  await page.waitForURL(/barangay=\d{10}/);
  // The camera, where picking moves it, is written into the link once it stops.
  await page.waitForFunction(
    () => {
      const m = window.kapuluanMap;
      return !!m && m.loaded() && !m.isMoving();
    },
    undefined,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(1000);
  const url = page.url().replace(base, '');
  await context.close();
  return { url, code: new URLSearchParams(url.split('?')[1]).get('barangay') ?? '' };
}
/** Navigation to the shared link → its barangay drawn (a rendered feature of the barangays' layer, its own code). */
async function sharedLinkDraw(link: { url: string; code: string }): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  try {
    await page.goto(base + link.url);
    await page.waitForFunction(
      `(() => { const m = window.kapuluanMap; return !!m && !!m.getLayer('${LAYER.barangaysFill}') && m.loaded() && m.queryRenderedFeatures({ layers: ['${LAYER.barangaysFill}'] }).some((f) => f.properties?.code === '${link.code}'); })()`,
      undefined,
      { timeout: 120_000, polling: 'raf' },
    );
    return await page.evaluate(() => performance.now());
  } finally {
    await context.close();
  }
}

const order: PageName[] = ['bare', 'floor', 'app'];
const fast: Record<PageName, Draw[]> = { bare: [], floor: [], app: [] };
const mobile: Record<PageName, Draw[]> = { bare: [], floor: [], app: [] };
const clicks: { app: number; floor: number; detail: string }[] = [];
const suggestions: { ms: number; first: string; town: number }[] = [];
const shared = await sharedBarangayLink();
/** The shared link's draw and the app's first screen of the same run, one after the other. */
const links: { ms: number; screen: number }[] = [];
for (let i = 0; i < RUNS; i++) {
  // Alternating, each in turn first, so neither gains from what the machine did just before.
  for (const name of [...order.slice(i % 3), ...order.slice(0, i % 3)]) fast[name].push(await firstDraw(name, FAST));
  clicks.push(await townClick());
  suggestions.push(await firstSuggestion());
  const ms = await sharedLinkDraw(shared);
  links.push({ ms, screen: (await firstDraw('app', FAST)).ms });
}
for (let i = 0; i < RUNS; i++) {
  for (const name of [...order.slice(i % 3), ...order.slice(0, i % 3)])
    mobile[name].push(await firstDraw(name, MOBILE));
}
// Printed at once: the rest of the figures come after the browser closes.
if (process.env.YOUR_DATA !== 'no') await benchYourData(browser, base, RUNS);
await browser.close();
edge.close();
await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
fs.rmSync(path.join(e2eDist, FLOOR), { recursive: true, force: true });

console.log(`\nInitial JavaScript (${initial.length} files): ${kb(initialSize.raw)} raw, ${kb(initialSize.gzip)} gzip`);
console.log(
  `Loaded later (${allJs.length - initial.length} files: the built-in service…): ${kb(lazySize.raw)} raw, ${kb(lazySize.gzip)} gzip`,
);
const table = (title: string, runs: Record<PageName, Draw[]>) => {
  console.log(`\n${title} (median of ${RUNS}, fresh cache each)`);
  console.log('  page    first regions drawn   × floor   bytes received before   × floor   runs (ms)');
  const floorMs = median(runs.floor.map((r) => r.ms));
  const floorBytes = median(runs.floor.map((r) => r.bytes));
  for (const name of order) {
    const ms = median(runs[name].map((r) => r.ms));
    const bytes = median(runs[name].map((r) => r.bytes));
    console.log(
      `  ${name.padEnd(6)} ${`${ms.toFixed(0)} ms`.padStart(14)} ${`${(ms / floorMs).toFixed(2)}×`.padStart(14)} ${kb(bytes).padStart(23)} ${`${(bytes / floorBytes).toFixed(2)}×`.padStart(9)}   ${runs[name].map((r) => r.ms.toFixed(0)).join(', ')}`,
    );
  }
};
table('Navigation → 18 regions drawn, unshaped loopback', fast);
table('The same on a mobile link (5 Mbit/s down, 150 ms round trip)', mobile);
/** The files that had arrived before the regions were drawn, in the median run on loopback: what the bytes are. */
const filesOf = (name: PageName) => {
  const runs = [...fast[name]].sort((a, b) => a.bytes - b.bytes);
  const files = runs[Math.floor(runs.length / 2)].files.map((f) => ({
    ...f,
    path: f.path.replace(/-[\w-]{8}(\.m?js|\.css)$/, '$1').replace(/\?.*$/, ''),
  }));
  return files.sort((a, b) => b.bytes - a.bytes);
};
for (const name of ['floor', 'app'] as const) {
  const files = filesOf(name);
  console.log(`\nWhat the ${name} had received when its regions were drawn (${files.length} files, bytes received):`);
  for (const f of files) console.log(`  ${kb(f.bytes).padStart(9)}  ${f.path}`);
}
const appClick = median(clicks.map((c) => c.app));
const floorClick = median(clicks.map((c) => c.floor));
console.log(
  `\nTown click → barangays drawn (Agoncillo, ${clicks[0].detail}): app ${appClick.toFixed(0)} ms, floor ${floorClick.toFixed(0)} ms, ${(appClick / floorClick).toFixed(2)}× (app ${clicks.map((c) => c.app.toFixed(0)).join(', ')}; floor ${clicks.map((c) => c.floor.toFixed(0)).join(', ')})`,
);
const suggestMs = median(suggestions.map((s) => s.ms));
const townMs = median(suggestions.map((s) => s.town));
console.log(
  `\nFirst search suggestion on a cold page ("${TYPED}" typed at ${KEY_DELAY_MS} ms a key once the regions are drawn, first keystroke → first option): ${suggestMs.toFixed(0)} ms (${suggestions.map((s) => s.ms.toFixed(0)).join(', ')}); first option: ${suggestions[0].first}`,
);
console.log(
  `  → the first option naming "${TYPED}": ${townMs.toFixed(0)} ms (${suggestions.map((s) => s.town.toFixed(0)).join(', ')})`,
);
const ratios = links.map((l) => l.ms / l.screen);
console.log(
  `Shared link to a barangay → its polygon drawn (${shared.url}): ${median(links.map((l) => l.ms)).toFixed(0)} ms, ${median(ratios).toFixed(2)}× the first screen of the same run (${links.map((l) => `${l.ms.toFixed(0)}/${l.screen.toFixed(0)}`).join(', ')})`,
);
console.log('\nBytes over HTTP, gzip: all regions | Batangas towns | a town’s barangays (median of 5)');
for (const row of levels)
  console.log(`  ${row[0].padEnd(9)} ${row[1].padStart(10)} ${row[2].padStart(10)} ${row[3].padStart(10)}`);
