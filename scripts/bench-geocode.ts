/**
 * npm run bench:geocode — top-1 and top-5 accuracy and p50/p95 latency of the service's geocoder on the
 * benchmark queries (bench/geocode-queries.ts), and the same for a plain fuzzy-search baseline (Fuse.js with
 * default options over the same gazetteer). In-process in Node. Prints figures; asserts nothing.
 */
import Fuse from 'fuse.js';
import { buildQueries } from '../bench/geocode-queries.ts';
import { diskDataSource } from '../src/mocks/node-data.ts';
import { Dataset } from '../src/service/dataset.ts';
import { Geocoder } from '../src/service/geocode.ts';

const data = await Dataset.load(diskDataSource());
const gazetteer = await data.gazetteer();
const started = performance.now();
const geocoder = new Geocoder(data, gazetteer);
const indexMs = performance.now() - started;
const fuseStarted = performance.now();
const fuse = new Fuse(gazetteer, { keys: ['name'] });
const fuseIndexMs = performance.now() - fuseStarted;
const queries = buildQueries(data.units, data.hierarchy.geoProvince);

interface Result {
  top1: number;
  top5: number;
  times: number[];
  misses: string[];
}
function run(search: (q: string) => string[]): Record<string, Result> {
  const results: Record<string, Result> = {};
  for (const { kind, q, expected } of queries) {
    for (const key of [kind, 'all']) results[key] ??= { top1: 0, top5: 0, times: [], misses: [] };
    const t = performance.now();
    const codes = search(q);
    const ms = performance.now() - t;
    for (const key of [kind, 'all']) {
      const r = results[key];
      r.times.push(ms);
      if (codes[0] === expected) r.top1++;
      if (codes.slice(0, 5).includes(expected)) r.top5++;
      else if (key === 'all') r.misses.push(`${q} → ${data.byCode.get(expected)?.name} (${expected})`);
    }
  }
  return results;
}
const pct = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.floor((p / 100) * (values.length - 1))];

// warm both up on a few queries first
for (const { q } of queries.slice(0, 20)) {
  geocoder.search(q, 5);
  fuse.search(q, { limit: 5 });
}
const ours = run((q) => geocoder.search(q, 5).map((c) => c.code));
const baseline = run((q) => fuse.search(q, { limit: 5 }).map((r) => r.item.code));

const row = (label: string, r: Result) =>
  `${label.padEnd(22)} ${String(r.times.length).padStart(4)} ${((100 * r.top1) / r.times.length).toFixed(1).padStart(7)}% ${((100 * r.top5) / r.times.length).toFixed(1).padStart(7)}% ${pct(r.times, 50).toFixed(2).padStart(8)} ${pct(r.times, 95).toFixed(2).padStart(8)}`;
console.log(
  `\n${queries.length} queries; index built in ${indexMs.toFixed(0)} ms (Fuse: ${fuseIndexMs.toFixed(0)} ms)\n`,
);
console.log(`${'Kapuluan geocoder'.padEnd(22)}    n    top-1    top-5  p50 ms   p95 ms`);
const kinds = (r: Record<string, Result>) => [...Object.keys(r).filter((k) => k !== 'all'), 'all'];
for (const kind of kinds(ours)) console.log(row(kind, ours[kind]));
console.log(`\n${'Fuse.js baseline'.padEnd(22)}    n    top-1    top-5  p50 ms   p95 ms`);
for (const kind of kinds(baseline)) console.log(row(kind, baseline[kind]));
const a = ours.all;
const b = baseline.all;
console.log(
  `\nTop-1 ${((100 * a.top1) / a.times.length).toFixed(1)}% vs ${((100 * b.top1) / b.times.length).toFixed(1)}% (×${(a.top1 / Math.max(1, b.top1)).toFixed(2)}); p95 ${pct(a.times, 95).toFixed(2)} ms vs ${pct(b.times, 95).toFixed(2)} ms`,
);
if (process.argv.includes('--misses')) console.log(`\nMissed in the top 5:\n  ${a.misses.join('\n  ')}`);
