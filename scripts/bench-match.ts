/**
 * npm run bench:match — "Match a file" at scale, on addresses people wrote. Prints figures; asserts nothing.
 *
 * 1. In the browser: the production build with its built-in service, in headless Chromium. The real set (the
 *    health-facility registry addresses of docs/geocoding.md, from KAPULUAN_ADDRESSES or
 *    shared/eval/addresses.csv beside the checkout, see scripts/eval-set.ts) is matched once as it is, and
 *    repeated to each size in ROWS (100,000 and 1,000,000 by default: the set is 8,255 rows, so each address comes
 *    12 or 121 times). Nothing caches an address's result, so a repeated address is matched again; the
 *    geocoder's memos of per-word work (a word's folded forms, a key's near spellings; capped) are warm on repeats,
 *    as they are on any large file, whose words repeat far more than its addresses. Printed: the time to read the
 *    file, to match it (rows a second) and to export it as CSV; the longest task on the page's main thread
 *    (PerformanceObserver "longtask", from the file chosen until the points are drawn; those of opening the page and
 *    the area, before a file is chosen, apart); the tab's renderer memory
 *    (private and resident, its workers included) at its peak and once settled; the shares of matched /
 *    ambiguous / unmatched rows; for the real set, how often each status's town and barangay are the registry's
 *    own, on the tune and held-out halves (split as bench:geocode splits them).
 * 2. Over HTTP: `npm run api` in its own process, sent POST /v1/geocode/batch with 1,000 held-out addresses at a
 *    time; the time of each answer.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import Papa from 'papaparse';
import { build, preview } from 'vite';
import { dataPaths, type OldCodes } from '../src/dataset/types.ts';
import { SOURCE } from '../src/features/match/layers.ts';
import { startApiProcess } from './api-process.ts';
import { ADDRESSES_CSV, half } from './eval-set.ts';

/** The sizes matched at scale, one browser each: ROWS=100000,1000000 by default. */
const SIZES = (process.env.ROWS ?? '100000,1000000').split(',').map(Number);
const root = path.resolve(import.meta.dirname, '..');
const source = ADDRESSES_CSV;
if (!fs.existsSync(source)) {
  console.error(
    `No address set at ${source}: set KAPULUAN_ADDRESSES, or build it with scripts/build-eval-sets.ts (docs/geocoding.md).`,
  );
  process.exit(1);
}
interface Truth {
  id: string;
  address: string;
  town_psgc: string;
  barangay_psgc: string;
}
const truth = Papa.parse<Truth>(fs.readFileSync(source, 'utf8'), { header: true, skipEmptyLines: true }).data;

const csvOf = (rows: Truth[]) => Papa.unparse({ fields: ['id', 'address'], data: rows.map((r) => [r.id, r.address]) });
const pct = (n: number, d: number) => (d ? `${((100 * n) / d).toFixed(1)}%` : '–');

// The app as shipped, served as a team would serve it, but for its entry: the browser tests' (src/e2e-main.tsx),
// which hands the script the map (window.kapuluanMap) to see the points drawn; the production build has no hook.
await build({ root, mode: 'e2e', logLevel: 'warn' });
const server = await preview({ root, mode: 'e2e', preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const base = server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4173/';
/** The browser profile of the run on its way: each run has a browser of its own. */
let profile = '';

/**
 * Memory of this profile's renderer processes (the page, its workers, the msw service worker), in MB: resident
 * (RSS) and private (resident and swapped pages not shared with other processes, which is what Chrome's task
 * manager calls the memory footprint).
 */
function rendererMb(): { rss: number; private: number } {
  const out = execFileSync('ps', ['-eo', 'pid=,rss=,args='], { encoding: 'utf8', maxBuffer: 1 << 24 });
  let rss = 0;
  let own = 0;
  for (const line of out.split('\n')) {
    if (!line.includes('--type=renderer') || !line.includes(profile)) continue;
    const [pid, kb] = line.trim().split(/\s+/);
    rss += Number(kb);
    try {
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      for (const field of ['Private_Clean', 'Private_Dirty', 'Swap']) {
        own += Number(rollup.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
      }
    } catch {
      // The process ended between ps and the read.
    }
  }
  return { rss: rss / 1024, private: own / 1024 };
}

interface Run {
  rows: number;
  /** From the file chosen to the columns step. */
  readSeconds: number;
  /** From the CSV button to the file downloaded. */
  exportSeconds: number;
  seconds: number;
  /** Long tasks while rows were matched, and after (the review shown, the points written and drawn). */
  /** Long tasks of opening the page and "Match a file", before the file is chosen. */
  opening: { longestMs: number; over200: number; whose: string[] };
  matching: { longestMs: number; over200: number; whose: string[] };
  after: { longestMs: number; over200: number; whose: string[] };
  /** Peaks while matching, and after it (the points drawn, the match workers ended once idle). */
  peak: { rss: number; private: number };
  settled: { rss: number; private: number };
  csv: string;
}

/** One run in a browser of its own (a new profile): nothing of the run before is in its memory. */
async function matchInBrowser(name: string, csv: string): Promise<Run> {
  profile = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-bench-match-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking'],
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  try {
    return await matchIn(page, name, csv);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

async function matchIn(page: Page, name: string, csv: string): Promise<Run> {
  // Long tasks from the page's start: those of opening the page and the area are counted apart from the file's.
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: [number, number][]; frames: [number, number, string][] };
    w.longTasks = [];
    w.frames = [];
    // When the summary appears, on the page's own clock: asked for afterwards, the time would include the
    // round trips of the script, and the first frames drawing the points would count as matching.
    addEventListener('DOMContentLoaded', () => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('.match-summary')) return;
        (window as unknown as { summaryAt?: number }).summaryAt = performance.now();
        seen.disconnect();
      });
      seen.observe(document.body, { childList: true, subtree: true });
    });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
    // Long animation frames name the scripts that ran in them: whose each long task was.
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        startTime: number;
        duration: number;
        scripts: { sourceURL: string; invoker: string; duration: number }[];
      }[]) {
        if (e.duration <= 200) continue;
        const top = [...e.scripts].sort((a, b) => b.duration - a.duration)[0];
        const file =
          top?.sourceURL
            .split('/')
            .pop()
            ?.replace(/-[\w-]{8}\.js$/, '') ?? '';
        w.frames.push([e.startTime, e.duration, top ? `${file}: ${top.invoker}` : 'rendering, no script']);
      }
    }).observe({ type: 'long-animation-frame' });
  });
  await page.goto(`${base}#match`);
  await page.getByRole('heading', { name: 'Match a file' }).waitFor();
  // A job left by the run before is cleared first.
  const clear = page.getByRole('button', { name: 'Clear this job…' });
  if (await clear.isVisible().catch(() => false)) {
    await clear.click();
    await page.getByRole('button', { name: 'Delete the job' }).click();
  }
  // A person reads the area before choosing a file: by then the map has drawn the country and built the points'
  // GL programs (matchWarmupStages). Those tasks are printed as the opening's, not the file's.
  await page.waitForFunction(
    (warmup) => {
      const map = window.kapuluanMap;
      return !!map && !map.getSource(warmup) && map.loaded();
    },
    SOURCE.matchWarmup,
    { timeout: 60_000 },
  );
  const chosenAt = await page.evaluate(() => performance.now());
  const peak = rendererMb();
  const sample = () => {
    const now = rendererMb();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.private = Math.max(peak.private, now.private);
  };
  const sampler = setInterval(sample, 250);
  // Chosen from disk, as a person chooses a file: a buffer handed to setInputFiles reaches the page as a base64
  // string that alone adds about 120 MB to the page's heap for 100,000 rows.
  const file = path.join(profile, name);
  fs.writeFileSync(file, csv);
  const chosen = performance.now();
  await page.getByLabel('Choose a file').setInputFiles(file);
  const start = page.getByRole('button', { name: /^Match [\d,]+ rows$/ });
  await start.waitFor({ timeout: 10 * 60_000 });
  const readSeconds = (performance.now() - chosen) / 1000;
  const rows = Number((await start.textContent())?.replace(/\D/g, ''));
  const started = performance.now();
  await start.click();
  await page.locator('.match-summary').waitFor({ timeout: 30 * 60_000 });
  const seconds = (performance.now() - started) / 1000;
  const matchedAt = await page.evaluate(
    () => (window as unknown as { summaryAt?: number }).summaryAt ?? performance.now(),
  );
  // Then the points are written and drawn (long tasks counted too), and the match workers, let go once the
  // file is done, have ended.
  await page.waitForFunction(
    () => (window.kapuluanMap?.queryRenderedFeatures({ layers: ['match-clusters'] }).length ?? 0) > 0,
    undefined,
    { timeout: 60_000 },
  );
  await page.waitForTimeout(12_000);
  clearInterval(sampler);
  sample();
  const settled = rendererMb();
  const tasks = await page.evaluate(() => (window as unknown as { longTasks: [number, number][] }).longTasks);
  const frames = await page.evaluate(() => (window as unknown as { frames: [number, number, string][] }).frames);
  /** What ran in a long task: the script that took most of the long animation frame around it. */
  const whose = ([t, d]: [number, number]) =>
    frames.find(([ft, fd]) => ft <= t + 1 && t + d <= ft + fd + 1)?.[2] ?? 'not in a frame';
  const tally = (list: [number, number][]) => ({
    longestMs: Math.max(0, ...list.map(([, d]) => d)),
    over200: list.filter(([, d]) => d > 200).length,
    whose: list.filter(([, d]) => d > 200).map((task) => `${task[1].toFixed(0)} ms ${whose(task)}`),
  });
  // The export, as the user gets it, for the scores.
  const exportStarted = performance.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 10 * 60_000 }),
    page.getByRole('group', { name: 'Export' }).getByRole('button', { name: 'CSV' }).click(),
  ]);
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  const exported = fs.readFileSync(await download.path(), 'utf8');
  return {
    rows,
    readSeconds,
    exportSeconds,
    seconds,
    opening: tally(tasks.filter(([t, d]) => t + d <= chosenAt)),
    matching: tally(tasks.filter(([t, d]) => t + d > chosenAt && t + d <= matchedAt)),
    after: tally(tasks.filter(([t, d]) => t + d > matchedAt)),
    peak,
    settled,
    csv: exported,
  };
}

console.log(`${os.cpus().length} cores; set: ${source}`);

// 1a. The real set as it is: shares and scores.
const real = await matchInBrowser('addresses.csv', csvOf(truth));
const exported = Papa.parse<Record<string, string>>(real.csv.replace(/^\uFEFF/, ''), {
  header: true,
  skipEmptyLines: true,
}).data;
// The set is coded in an older list: a code recoded since (Sulu's towns in 2Q 2025) is the same place's now, as
// bench:geocode reads it.
const oldCodes = JSON.parse(fs.readFileSync(path.join(root, 'public/data', dataPaths.oldCodes), 'utf8')) as OldCodes;
const now = (code: string) => oldCodes[code]?.code ?? code;
const byId = new Map(
  truth.map((t) => [
    t.id,
    { ...t, town_psgc: now(t.town_psgc), barangay_psgc: t.barangay_psgc && now(t.barangay_psgc) },
  ]),
);
console.log(`\nReal set: ${real.rows} rows in ${real.seconds.toFixed(1)} s`);
console.log('half       status      rows   share   town right  barangay right');
for (const which of ['tune', 'held out'] as const) {
  const rows = exported.filter((r) => half(r.id) === which);
  for (const status of ['matched', 'ambiguous', 'unmatched']) {
    const these = rows.filter((r) => r.status === status);
    // The registry gives Manila's districts (sub-municipalities) as towns: a place in the district counts.
    const town = these.filter((r) => {
      const t = byId.get(r.id)!;
      const inDistrict = t.town_psgc.startsWith('13806') && r.psgc_code.startsWith(t.town_psgc.slice(0, 7));
      return r.city_municipality_code === t.town_psgc || r.psgc_code === t.town_psgc || inDistrict;
    }).length;
    const withBarangay = these.filter((r) => byId.get(r.id)!.barangay_psgc);
    const barangay = withBarangay.filter((r) => r.barangay_code === byId.get(r.id)!.barangay_psgc).length;
    console.log(
      `${which.padEnd(10)} ${status.padEnd(10)} ${String(these.length).padStart(5)} ${pct(these.length, rows.length).padStart(7)} ${pct(town, these.length).padStart(11)} ${pct(barangay, withBarangay.length).padStart(15)}`,
    );
  }
}

// 1b. At scale.
for (const ROWS of SIZES) {
  const repeated = Array.from({ length: ROWS }, (_, i) => truth[i % truth.length]);
  const big = await matchInBrowser(`addresses-${ROWS}.csv`, csvOf(repeated));
  const statuses = Papa.parse<Record<string, string>>(big.csv.replace(/^\uFEFF/, ''), { header: true }).data.map(
    (r) => r.status,
  );
  const share = (s: string) => pct(statuses.filter((x) => x === s).length, big.rows);
  console.log(`\n${big.rows.toLocaleString('en')} rows in the browser (production build, built-in service):`);
  console.log(`  file read               ${big.readSeconds.toFixed(1)} s (chosen → the columns step)`);
  console.log(
    `  time to match           ${big.seconds.toFixed(1)} s  (${Math.round(big.rows / big.seconds)} rows a second)`,
  );
  console.log(
    `  longest main-thread task   ${big.matching.longestMs.toFixed(0)} ms while reading and matching (${big.matching.over200} over 200 ms); ${big.after.longestMs.toFixed(0)} ms after, the review shown and the points drawn (${big.after.over200} over 200 ms)`,
  );
  console.log(
    `  before the file is chosen   ${big.opening.longestMs.toFixed(0)} ms longest task opening the page and the area (${big.opening.over200} over 200 ms)`,
  );
  for (const [when, tally] of [
    ['opening', big.opening],
    ['while matching', big.matching],
    ['after', big.after],
  ] as const) {
    if (tally.whose.length) console.log(`    over 200 ms ${when}: ${tally.whose.join('; ')}`);
  }
  console.log(
    `  renderer memory, peak      ${big.peak.private.toFixed(0)} MB private, ${big.peak.rss.toFixed(0)} MB resident (workers included)`,
  );
  console.log(
    `  renderer memory, settled   ${big.settled.private.toFixed(0)} MB private, ${big.settled.rss.toFixed(0)} MB resident (points drawn, workers ended)`,
  );
  console.log(
    `  CSV export               ${big.exportSeconds.toFixed(1)} s, ${(big.csv.length / 2 ** 20).toFixed(0)} MB`,
  );
  console.log(
    `  matched ${share('matched')} · ambiguous ${share('ambiguous')} · unmatched ${share('unmatched')}  (the real set ×${(ROWS / truth.length).toFixed(1)})`,
  );
}
await server.close();

// 2. POST /v1/geocode/batch over HTTP.
const api = await startApiProcess('bench-key');
// A server builds its geocoder's index once, at start (about 1.3 s); the batches are timed on a server that has.
await api.geocoderReady;
const heldOut = truth.filter((t) => half(t.id) === 'held out').map((t) => t.address);
const times: number[] = [];
for (let i = 0; i + 1000 <= heldOut.length; i += 1000) {
  const started = performance.now();
  const response = await fetch(`${api.base}/v1/geocode/batch`, {
    method: 'POST',
    headers: { authorization: 'Bearer bench-key', 'content-type': 'application/json' },
    body: JSON.stringify({ addresses: heldOut.slice(i, i + 1000) }),
  });
  const body = (await response.json()) as { data: unknown[] };
  times.push(performance.now() - started);
  if (body.data?.length !== 1000) throw new Error(`batch answered ${response.status}`);
}
await api.close();
console.log(
  `\nPOST /v1/geocode/batch, 1,000 held-out addresses, over HTTP on loopback: ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(', ')} (a server whose geocoder's index is built)`,
);
