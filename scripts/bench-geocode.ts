/**
 * npm run bench:geocode — the geocoder on real addresses written by people, and on the generated queries of
 * bench/geocode-queries.ts (a regression guard), beside a well-kept full-text library run over the same
 * gazetteer in the same run (MiniSearch: "name" and "name, parents" fields, fuzzy 0.2, prefix, the whole
 * address as the query). Prints figures; asserts nothing.
 *
 * The real sets are CSVs (docs/geocoding.md says where they come from; scripts/eval-set.ts where they are read
 * from): health facilities with the columns id, address, town_psgc, barangay_psgc, split in two halves by a hash
 * of the id, "tune" (looked at while working on the geocoder) and "held out" (not); and addresses with a point.
 */
import fs from 'node:fs';
import MiniSearch from 'minisearch';
import { buildQueries } from '../bench/geocode-queries.ts';
import { diskDataSource } from '../src/server/disk.ts';
import { Dataset } from '../src/service/dataset.ts';
import { ReverseGeocoder } from '../src/service/geocode/reverse.ts';
import { Geocoder } from '../src/service/geocode/search.ts';
import { startApiProcess } from './api-process.ts';
import { ADDRESSES_CSV, GPS_ADDRESSES_CSV, half, NAME_ADDRESSES_CSV } from './eval-set.ts';
import { placeNameFigures } from './place-names.ts';
import { checkSeats, inTownBy, joinReferences, townPointSummary } from './town-points.ts';

interface Case {
  q: string;
  town: string;
  barangay: string | null;
  /** [lng, lat] of the place, where the source gives one. */
  point?: [number, number];
}

const data = await Dataset.load(diskDataSource());
// What the index is built from, read first so the timing is the index's alone.
const [gazetteer, splits] = await Promise.all([data.gazetteer(), data.splits(), data.complete()]);
globalThis.gc?.();
const heapBefore = process.memoryUsage().heapUsed;
const started = performance.now();
// With the split barangays, as the service loads it (loadGeocoder): old-codes.json is read below, for the set's codes.
const geocoder = new Geocoder(data, gazetteer, {}, splits);
const indexMs = performance.now() - started;
globalThis.gc?.();
const indexMb = (process.memoryUsage().heapUsed - heapBefore) / 2 ** 20;

// The baseline: every unit with its name and its name followed by its parents' names. A split barangay (Caloocan's
// 176, of 4Q 2023) is a place the geocoder answers, in its town: its code names it, as the set's codes do.
const byCode = new Map(gazetteer.map((g) => [g.code, g]));
for (const s of splits) {
  const town = byCode.get(s.town);
  if (town && s.point) {
    byCode.set(s.code, {
      ...town,
      code: s.code,
      name: s.name,
      level: 'Bgy',
      point: s.point,
      chain: [...town.chain, s.town],
    });
  }
}
const miniStarted = performance.now();
const mini = new MiniSearch<{ id: number; name: string; full: string }>({
  fields: ['name', 'full'],
  searchOptions: { fuzzy: 0.2, prefix: true },
});
mini.addAll(
  gazetteer.map((g, id) => ({
    id,
    name: g.name,
    full: [g.name, ...[...g.chain].reverse().map((c) => byCode.get(c)?.name ?? '')].join(', '),
  })),
);
const miniMs = performance.now() - miniStarted;

/** The code and every code above it: a candidate names the right town if the town is among them. */
const lineage = (code: string): string[] => {
  const g = byCode.get(code);
  return g ? [code, ...g.chain, data.hierarchy.geoProvince[code] ?? ''] : [code];
};

interface Result {
  n: number;
  town1: number;
  town5: number;
  withBarangay: number;
  barangay1: number;
  none: number;
  withPoint: number;
  within10km: number;
  times: number[];
}
function run(cases: Case[], search: (q: string) => string[]): Result {
  const r: Result = {
    n: 0,
    town1: 0,
    town5: 0,
    withBarangay: 0,
    barangay1: 0,
    none: 0,
    withPoint: 0,
    within10km: 0,
    times: [],
  };
  for (const c of cases) {
    const t = performance.now();
    const codes = search(c.q);
    if (c.point) {
      r.withPoint++;
      const p = codes[0] ? byCode.get(codes[0])?.point : null;
      if (p && km(p, c.point) <= 10) r.within10km++;
    }
    r.times.push(performance.now() - t);
    r.n++;
    if (!codes.length) r.none++;
    if (codes[0] && lineage(codes[0]).includes(c.town)) r.town1++;
    if (codes.slice(0, 5).some((code) => lineage(code).includes(c.town))) r.town5++;
    if (c.barangay) {
      r.withBarangay++;
      if (codes[0] === c.barangay) r.barangay1++;
    }
  }
  return r;
}

/** Great-circle distance in km. */
function km(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[1] - a[1]) * rad) / 2) ** 2 +
    Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(((b[0] - a[0]) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))];
const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : '—');

/** Quoted CSV, as spreadsheets write it. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field || row.length) rows.push([...row, field]);
  const [header, ...body] = rows;
  return body.filter((r) => r.length === header.length).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

/** A names row's half: every line read while tuning is tuned on; a line found afterwards goes by its id's hash. */
const nameHalf = (r: Record<string, string>) => (r.batch === 'after' ? half(r.id) : 'tune');
const nameCase = (r: Record<string, string>): Case => ({
  q: r.address.slice(0, 200),
  town: r.town_psgc,
  barangay: r.barangay_psgc && byCode.has(r.barangay_psgc) ? r.barangay_psgc : null,
});

const sets: { name: string; cases: Case[] }[] = [];
const realPath = ADDRESSES_CSV;
if (fs.existsSync(realPath)) {
  // The set is coded in an older list: a code recoded since (Sulu's towns in 2Q 2025) is the same place's now.
  const oldCodes = await data.oldCodes();
  const now = (code: string) => (byCode.has(code) ? code : (oldCodes[code]?.code ?? code));
  const rows = parseCsv(fs.readFileSync(realPath, 'utf8').replace(/^\uFEFF/, '')).map(
    (r): Record<string, string> => ({
      ...r,
      town_psgc: now(r.town_psgc),
      barangay_psgc: r.barangay_psgc && now(r.barangay_psgc),
    }),
  );
  const known = rows.filter((r) => byCode.has(r.town_psgc));
  console.log(
    `Real addresses: ${rows.length} rows from ${realPath}; ${rows.length - known.length} name a town code this build does not have and are left out.`,
  );
  for (const name of ['tune', 'held out'] as const) {
    sets.push({
      name: `real, ${name}`,
      cases: known
        .filter((r) => half(r.id) === name)
        .map((r) => ({
          q: r.address.slice(0, 200),
          town: r.town_psgc,
          barangay: r.barangay_psgc && byCode.has(r.barangay_psgc) ? r.barangay_psgc : null,
        })),
    });
  }
} else {
  console.log(
    `No real-address set at ${realPath} (set KAPULUAN_ADDRESSES; scripts/build-eval-sets.ts builds it): the generated queries only.`,
  );
}
// Addresses with a surveyed point (store locators, hospitals, evacuation centres): the town and barangay are
// those the point lies in, by the service's own lookup over the boundaries.
const gpsPath = GPS_ADDRESSES_CSV;
if (fs.existsSync(gpsPath)) {
  const reverse = new ReverseGeocoder(data);
  const cases: Case[] = [];
  for (const r of parseCsv(fs.readFileSync(gpsPath, 'utf8').replace(/^\uFEFF/, ''))) {
    const point: [number, number] = [Number(r.lng), Number(r.lat)];
    const at = await reverse.at(point[0], point[1]);
    if (!at) continue;
    cases.push({ q: r.address.slice(0, 200), town: at.town, barangay: at.barangay, point });
  }
  console.log(`Addresses with a point: ${cases.length} inside a town, from ${gpsPath}.`);
  sets.push({ name: 'with a point', cases });
}
// Addresses written by people that name places in the hard ways eval-names.ts lists (honorifics, province initials, a town with
// the wrong province, nicknames, misspelled provinces). Lines read while the geocoder's rules were written (batch
// `tuning`) are all tuned on; lines found afterwards (batch `after`) are split by the id's hash, and only their
// held-out half is "names, held out".
const namesPath = NAME_ADDRESSES_CSV;
let nameRows: Record<string, string>[] = [];
if (fs.existsSync(namesPath)) {
  const oldCodes = await data.oldCodes();
  const now = (code: string) => (byCode.has(code) ? code : (oldCodes[code]?.code ?? code));
  nameRows = parseCsv(fs.readFileSync(namesPath, 'utf8'))
    .map((r) => ({ ...r, town_psgc: now(r.town_psgc), barangay_psgc: r.barangay_psgc && now(r.barangay_psgc) }))
    .filter((r) => byCode.has(r.town_psgc));
  for (const name of ['tune', 'held out'] as const) {
    sets.push({
      name: `names, ${name}`,
      cases: nameRows.filter((r) => nameHalf(r) === name).map(nameCase),
    });
  }
}
sets.push({
  name: 'generated',
  cases: buildQueries(await data.allUnits(), data.hierarchy.geoProvince).map(({ q, expected }) => {
    const unit = data.byCode.get(expected);
    const town =
      unit?.level === 'Bgy'
        ? (lineage(expected).find((c) => /^(City|Mun|SubMun|SGU)$/.test(byCode.get(c)?.level ?? '')) ?? expected)
        : expected;
    return { q, town, barangay: unit?.level === 'Bgy' ? expected : null };
  }),
});

// Warm both up
for (const c of sets[0].cases.slice(0, 50)) {
  geocoder.search(c.q, 5);
  mini.search(c.q).slice(0, 5);
}
const ours = (q: string) => geocoder.search(q, 5).map((c) => c.code);
const baseline = (q: string) =>
  mini
    .search(q)
    .slice(0, 5)
    .map((r) => gazetteer[r.id as number].code);

// Over HTTP: `npm run api` in its own process on loopback, as a team would run it, sent the held-out half (or
// the generated set) one request at a time.
const KEY = 'bench-key';
const api = await startApiProcess(KEY);
// Timed once the server has built its geocoder's index, which it does at start, in the background.
await api.geocoderReady;
const httpCases = (sets.find((s) => s.name === 'real, held out') ?? sets[0]).cases.slice(0, 1000);
const httpTimes: number[] = [];
for (const [i, c] of [...httpCases.slice(0, 20), ...httpCases].entries()) {
  const t = performance.now();
  const response = await fetch(`${api.base}/v1/geocode?q=${encodeURIComponent(c.q)}&limit=5`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  await response.arrayBuffer();
  if (i >= 20) httpTimes.push(performance.now() - t);
}
await api.close();

const header = `${'set'.padEnd(16)} ${'engine'.padEnd(10)} ${'n'.padStart(5)} ${'town@1'.padStart(7)} ${'town@5'.padStart(7)} ${'bgy@1'.padStart(7)} ${'(of)'.padStart(5)} ${'none'.padStart(6)} ${'≤10km'.padStart(6)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)}`;
console.log(`\n${header}`);
for (const set of sets) {
  for (const [engine, search] of [
    ['Kapuluan', ours],
    ['MiniSearch', baseline],
  ] as const) {
    const r = run(set.cases, search);
    console.log(
      `${set.name.padEnd(16)} ${engine.padEnd(10)} ${String(r.n).padStart(5)} ${pct(r.town1, r.n).padStart(7)} ${pct(r.town5, r.n).padStart(7)} ${pct(r.barangay1, r.withBarangay).padStart(7)} ${String(r.withBarangay).padStart(5)} ${pct(r.none, r.n).padStart(6)} ${(r.withPoint ? pct(r.within10km, r.withPoint) : '—').padStart(6)} ${percentile(r.times, 50).toFixed(2).padStart(7)} ${percentile(r.times, 95).toFixed(2).padStart(7)}`,
    );
  }
}
nameFigure();
// Place names as "Name, Province", on simplemaps' list and GeoNames' (scripts/place-names.ts)
const firstPoint =
  (search: (q: string) => string[]) =>
  (q: string): [number, number] | null =>
    byCode.get(search(q)[0] ?? '')?.point ?? null;
await placeNameFigures(
  data,
  { Kapuluan: firstPoint((q) => geocoder.search(q, 1).map((c) => c.code)), MiniSearch: firstPoint(baseline) },
  process.argv.includes('--place-misses'),
);

// Town points: the cities' and municipalities' points (the geocoder's town centres) against published
// references of where each town proper is (scripts/town-points.ts).
const townJoins = joinReferences(gazetteer, data.hierarchy, data.byCode);
const checkedSeats =
  townJoins.geonames && (await checkSeats(townJoins.geonames.joined, inTownBy(data, new ReverseGeocoder(data))));
console.log(`\n${townPointSummary(townJoins, checkedSeats)}`);
console.log(
  `\nOver HTTP to npm run api (${httpTimes.length} requests, one at a time): p50 ${percentile(httpTimes, 50).toFixed(2)} ms, p95 ${percentile(httpTimes, 95).toFixed(2)} ms`,
);
console.log(
  `Index: Kapuluan ${indexMs.toFixed(0)} ms, ${indexMb.toFixed(0)} MB of heap${globalThis.gc ? '' : ' (run with --expose-gc for a steadier figure)'}; MiniSearch ${miniMs.toFixed(0)} ms`,
);

/**
 * Names as people write them, per class: the geocoder's first answer in the right town (and, where the
 * line names one, the right barangay), for the lines read while tuning (all tuned on) and for those found afterwards,
 * per half. The held-out column is the figure on lines no one had looked at with the geocoder.
 */
function nameFigure() {
  if (!nameRows.length) {
    console.log(
      `\nNo names set at ${NAME_ADDRESSES_CSV} (scripts/build-eval-sets.ts builds it): no per-class names figure.`,
    );
    return;
  }
  const withSource = nameRows.filter((r) => r.repo).length;
  console.log(
    `\nNames as people write them (${nameRows.length} lines from ${NAME_ADDRESSES_CSV}; provenance: ${withSource} with repository @ commit and path, ${nameRows.length - withSource} with only the code-search index's file id). Town first (barangay first, where named):`,
  );
  const cell = (rows: Record<string, string>[]) => {
    if (!rows.length) return '—';
    const r = run(rows.map(nameCase), (q) => geocoder.search(q, 5).map((c) => c.code));
    return `${r.town1}/${r.n}${r.withBarangay ? ` (${r.barangay1}/${r.withBarangay})` : ''}`;
  };
  const columns = [
    ['read while tuning', (r: Record<string, string>) => r.batch !== 'after'],
    ['after: tune', (r: Record<string, string>) => r.batch === 'after' && half(r.id) === 'tune'],
    ['after: held out', (r: Record<string, string>) => r.batch === 'after' && half(r.id) === 'held out'],
  ] as const;
  console.log(`  ${'class'.padEnd(20)} ${columns.map(([c]) => c.padStart(18)).join(' ')}`);
  const classes = [...new Set(nameRows.map((r) => r.class))];
  for (const cls of [...classes, 'all']) {
    const rows = nameRows.filter((r) => cls === 'all' || r.class === cls);
    console.log(`  ${cls.padEnd(20)} ${columns.map(([, f]) => cell(rows.filter(f)).padStart(18)).join(' ')}`);
  }
}

if (process.argv.includes('--misses') || process.argv.includes('--name-misses')) {
  // The tune halves only: the held-out lines stay unread.
  const set =
    sets.find((s) => s.name === (process.argv.includes('--name-misses') ? 'names, tune' : 'real, tune')) ?? sets[0];
  for (const c of set.cases) {
    const top = geocoder.search(c.q, 1)[0];
    const townOk = top && lineage(top.code).includes(c.town);
    const bgyOk = !c.barangay || top?.code === c.barangay;
    if (!townOk || !bgyOk)
      console.log(
        `${townOk ? 'BGY ' : 'TOWN'} ${c.q}\n     want ${byCode.get(c.barangay ?? '')?.name ?? '-'} / ${byCode.get(c.town)?.name}; got ${top ? `${top.level} ${top.name} · ${top.up.map((c) => byCode.get(c)?.name ?? c).join(' · ')}` : 'nothing'}`,
      );
  }
}
process.exit(0);
