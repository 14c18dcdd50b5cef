/**
 * npm run bench:api — latency of every /v1 endpoint over the full dataset, through `npm run api` in its own
 * process on loopback (JSON encoding, gzip as fetch asks for it, and transport included), and the server's start-up
 * time. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import type { GazetteerEntry } from '../src/dataset/types.ts';
import { DATA_DIR } from '../src/server/disk.ts';
import { startApiProcess } from './api-process.ts';

const KEY = 'bench-key';
const server = await startApiProcess(KEY);
// Timed once the server has built its geocoder's index, which it does at start, in the background.
await server.geocoderReady;

async function time(path: string, init?: RequestInit): Promise<number> {
  const start = performance.now();
  const response = await fetch(server.base + path, {
    ...init,
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return performance.now() - start;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const rows: string[][] = [];
async function bench(name: string, paths: string[], init?: (i: number) => RequestInit) {
  // The first request loads the files it needs and fills the server's answer cache; the samples after it
  // are cache hits wherever a path repeats.
  const first = await time(paths[0], init?.(0));
  const samples: number[] = [];
  for (let i = 0; i < paths.length; i++) samples.push(await time(paths[i], init?.(i)));
  rows.push([
    name,
    String(samples.length),
    first.toFixed(0),
    percentile(samples, 50).toFixed(2),
    percentile(samples, 95).toFixed(2),
  ]);
}
const repeat = (path: string, n: number) => Array.from({ length: n }, () => path);

// Geocode queries: every 44th gazetteer entry (about 1,000), written as people type them.
const gazetteer = JSON.parse(fs.readFileSync(`${DATA_DIR}/gazetteer.json`, 'utf8')) as GazetteerEntry[];
const units = new Map(gazetteer.map((g) => [g.code, g.name]));
const queries = gazetteer
  .filter((_, i) => i % 44 === 0)
  .slice(0, 1000)
  .map((g, i) => {
    const parent = units.get(g.chain[g.chain.length - 1] ?? '') ?? '';
    const plain = g.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    switch (i % 4) {
      case 0:
        return g.name;
      case 1:
        return plain.toLowerCase();
      case 2:
        return `${g.name}, ${parent}`;
      default:
        return plain.length > 4 ? plain.slice(0, 2) + plain[3] + plain[2] + plain.slice(4) : plain;
    }
  });

await bench('GET /v1/regions', repeat('/v1/regions', 200));
await bench(
  'GET /v1/regions?geometry=simple&output=geojson&limit=100',
  repeat('/v1/regions?geometry=simple&output=geojson&limit=100', 100),
);
await bench(
  'GET /v1/regions?geometry=detailed&output=geojson&limit=100',
  repeat('/v1/regions?geometry=detailed&output=geojson&limit=100', 20),
);
await bench('GET /v1/regions/{id}?geometry=detailed', repeat('/v1/regions/13?geometry=detailed', 50));
await bench('POST /v1/regions/search (3 ids, simple)', repeat('/v1/regions/search', 100), () => ({
  method: 'POST',
  body: JSON.stringify({ ids: ['0100000000', '0700000000', '1300000000'] }),
}));
await bench('GET /v1/provinces?region_id=', repeat('/v1/provinces?region_id=0400000000', 200));
await bench('GET /v1/provinces/{id}?geometry=medium', repeat('/v1/provinces/4010?geometry=medium', 100));
await bench('GET /v1/municities?province=', repeat('/v1/municities?province=Batangas&name=san', 200));
await bench(
  'GET /v1/municities/search',
  queries.slice(0, 300).map((q) => `/v1/municities/search?q=${encodeURIComponent(q.slice(0, 6))}`),
);
await bench('GET /v1/municities/{id}?geometry=true', repeat('/v1/municities/1380600?geometry=true', 50));
await bench('GET /v1/municities/{id}?geometry=simple', repeat('/v1/municities/401001?geometry=simple', 200));
await bench(
  'GET /v1/geocode (1,000 varied queries)',
  queries.map((q) => `/v1/geocode?q=${encodeURIComponent(q)}`),
);
let created = 0;
await bench('POST /v1/regions (file store)', repeat('/v1/regions', 100), () => ({
  method: 'POST',
  body: JSON.stringify({ name: `Bench ${created}`, code: `BENCH${created++}` }),
}));
await server.close();

console.log(`\nnpm run api start-up (process spawned to first answer): ${server.startupMs.toFixed(0)} ms\n`);
const widths = [62, 6, 9, 9, 9];
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' ');
console.log(line(['endpoint', 'n', 'first ms', 'p50 ms', 'p95 ms']));
for (const row of rows) console.log(line(row));
