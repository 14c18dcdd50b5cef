/**
 * npm run bench:reorg — how long creating a region of four provinces takes: its outline and its
 * parents' drawn at the three details, then stored. Real groupings: the Negros Island Region as the 4Q 2024 code
 * list made it (on the 4Q 2023 data, where it did not exist yet), and three regions of four neighbouring provinces
 * on the 4Q 2024 data.
 *
 * 1. Node, the service alone: the first create after the start (its polygon files read then) and again with the
 *    files read. Beside it, mapshaper's dissolve of the same members, the well-kept baseline (Node only), with
 *    the areas of both outlines, which must agree.
 * 2. The browser: the built app in Chromium, its built-in service in the page, as the admin form does it: a
 *    preview at each detail (the progress it shows), then the save.
 *
 * Prints figures; asserts nothing. Goals: at most 2 s in Node and 4 s in the browser, all details together.
 */
import path from 'node:path';
import { chromium } from '@playwright/test';
import mapshaper from 'mapshaper';
import { build, preview as vitePreview } from 'vite';
import { DEV_API_KEY } from '../src/contract/dev-key.ts';
import { regionCodeOf } from '../src/contract/psgc.ts';
import { DETAILS, dataPaths } from '../src/dataset/types.ts';
import { landAreaKm2 } from '../src/pipeline/land-area.ts';
import { diskDataSource } from '../src/server/disk.ts';
import { Dataset } from '../src/service/dataset.ts';
import { Service } from '../src/service/service.ts';
import { memoryStore } from '../src/service/store.ts';

const root = path.resolve(import.meta.dirname, '..');
const KEY = 'bench-key';

interface Case {
  name: string;
  code: string;
  data: string;
  /** Province names, and independent cities by name. */
  members: string[];
}
const CASES: Case[] = [
  {
    name: 'Negros Island Region',
    code: 'NIR',
    data: '.vintages/4q-2023',
    members: ['Negros Occidental', 'Negros Oriental', 'Siquijor', 'City of Bacolod'],
  },
  {
    name: 'Bicol South',
    code: 'BKS',
    data: 'public/data',
    members: ['Albay', 'Sorsogon', 'Camarines Sur', 'Catanduanes'],
  },
  {
    name: 'Northern Mindanao Coast',
    code: 'NMC',
    data: 'public/data',
    members: ['Misamis Oriental', 'Bukidnon', 'Lanao del Norte', 'Camiguin'],
  },
  { name: 'Panay', code: 'PNY', data: 'public/data', members: ['Aklan', 'Antique', 'Capiz', 'Iloilo'] },
];

const ms = (n: number) => `${Math.round(n)} ms`;

function memberIds(data: Dataset, names: string[]): string[] {
  return names.map((name) => {
    const province = data.provinces.find((p) => p.name === name);
    if (province) return province.id;
    const town = [...data.municities.values()].find((t) => t.unit.name === name && t.independent);
    if (!town) throw new Error(`no province or independent city named ${name}`);
    return String(town.numericId);
  });
}

async function nodeRun(data: Dataset, c: Case) {
  const service = await Service.create({ source: data, store: memoryStore(), keys: [KEY] });
  const body = { name: c.name, code: c.code, province_ids: memberIds(data, c.members) };
  const started = performance.now();
  const answer = await service.call('POST', {
    url: new URL('http://bench/v1/regions'),
    authorization: `Bearer ${KEY}`,
    body,
  });
  const took = performance.now() - started;
  if (answer.status !== 201) throw new Error(`${c.name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  const areas: number[] = [];
  for (const detail of DETAILS) {
    const region = await service.call('GET', {
      url: new URL(`http://bench/v1/regions/region-${c.code.toLowerCase()}?geometry=${detail}`),
      authorization: `Bearer ${KEY}`,
    });
    areas.push(landAreaKm2((region.body as { data: { geometry: never } }).data.geometry));
  }
  return { took, areas };
}

/** mapshaper -dissolve of the members' areas at each detail: the baseline's time and areas. */
async function mapshaperRun(data: Dataset, c: Case) {
  const codes = new Set(
    c.members.map((name) => {
      const province = data.provinces.find((p) => p.name === name);
      return province?.psgc ?? [...data.municities.values()].find((t) => t.unit.name === name)!.unit.code;
    }),
  );
  const regions = [...new Set([...codes].map(regionCodeOf))];
  let took = 0;
  const areas: number[] = [];
  for (const detail of DETAILS) {
    // The same inputs the service unions: at simple, the areas the country overview is dissolved from.
    const files = await Promise.all(
      detail === 'simple'
        ? [data.source.json<GeoJSON.FeatureCollection>(dataPaths.overviewAreas)]
        : regions.map((r) => data.source.json<GeoJSON.FeatureCollection>(dataPaths.provinces(detail, r))),
    );
    const features = files.flatMap((f) => f.features).filter((f) => codes.has(f.properties?.code));
    const input = JSON.stringify({ type: 'FeatureCollection', features });
    const started = performance.now();
    const output = await mapshaper.applyCommands('-i in.json -dissolve -o out.json format=geojson', {
      'in.json': input,
    });
    took += performance.now() - started;
    // Without attributes mapshaper writes a GeometryCollection.
    const out = JSON.parse(String(output['out.json'])) as GeoJSON.GeometryCollection;
    areas.push(out.geometries.reduce((sum, g) => sum + landAreaKm2(g as never), 0));
  }
  return { took, areas };
}

console.log(
  '1. Node: POST /v1/regions with four members, outlines drawn at simple, medium and detailed, then stored\n',
);
console.log(
  '| region | data | first create (files read then) | with files read | mapshaper dissolve (members only) | area simple / medium / detailed, ours vs mapshaper |',
);
console.log('|---|---|---|---|---|---|');
const datasets = new Map<string, Dataset>();
for (const c of CASES) {
  let data = datasets.get(c.data);
  if (!data) {
    data = await Dataset.load(diskDataSource(path.join(root, c.data)));
    datasets.set(c.data, data);
  }
  const cold = await nodeRun(await Dataset.load(diskDataSource(path.join(root, c.data))), c);
  await nodeRun(data, c); // reads the files into `data`
  const warm = await nodeRun(data, c);
  const base = await mapshaperRun(data, c);
  const agree = warm.areas.map((a, i) => `${a.toFixed(0)} vs ${base.areas[i].toFixed(0)}`).join(' / ');
  console.log(
    `| ${c.name} | ${data.manifest.vintage} | ${ms(cold.took)} | ${ms(warm.took)} | ${ms(base.took)} | ${agree} |`,
  );
}

console.log(
  '\n2. Browser: the built app in Chromium, its built-in service in the page; previews at each detail, then the save\n',
);
await build({ root, logLevel: 'warn' });
const server = await vitePreview({ root, preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
const origin = (server.resolvedUrls?.local[0] ?? 'http://127.0.0.1:4173/').replace(/\/$/, '');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-background-networking'],
});
console.log('| region | simple preview | medium | detailed | save | all |');
console.log('|---|---|---|---|---|---|');
const current = datasets.get('public/data')!;
for (const c of CASES.filter((x) => x.data === 'public/data')) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(origin);
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 120_000 });
  const body = { name: c.name, code: c.code, province_ids: memberIds(current, c.members) };
  // A string, not a function: tsx names inner functions with a helper the page does not have.
  const times = (await page.evaluate(`(async () => {
    const out = [];
    for (const query of ['?dry_run=true&geometry=simple', '?dry_run=true&geometry=medium', '?dry_run=true&geometry=detailed', '']) {
      const started = performance.now();
      const response = await fetch('/v1/regions' + query, {
        method: 'POST',
        headers: { authorization: 'Bearer ${DEV_API_KEY}', 'content-type': 'application/json' },
        body: ${JSON.stringify(JSON.stringify(body))},
      });
      if (!response.ok) throw new Error(query + ': ' + response.status + ' ' + (await response.text()));
      await response.json();
      out.push(performance.now() - started);
    }
    return out;
  })()`)) as number[];
  const all = times.reduce((s, t) => s + t, 0);
  console.log(`| ${c.name} | ${times.map(ms).join(' | ')} | ${ms(all)} |`);
  await context.close();
}
await browser.close();
await server.close();
