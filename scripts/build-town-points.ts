/**
 * Rebuilds the town-point reference that `bench:geocode` and `bench:town-points` read (docs/data.md, "Town
 * points") from the public repository it comes from, read at a pinned commit:
 *
 *   node --import tsx scripts/build-town-points.ts SOURCES [OUT]
 *
 * SOURCES is a folder with a git clone (or bare git directory) of the repository below, named `owner+name`, as
 * for scripts/build-eval-sets.ts. OUT (by default the folder of the real-address set, scripts/eval-set.ts)
 * receives town-points.csv, and its line in the README.md there is written or replaced. Nothing here goes to the
 * network.
 *
 * The list is each city's and municipality's coordinates as its Wikipedia article gives them (the infobox's
 * `coordinates`, which for a Philippine town mark the poblacion or town hall), by province and name, as one
 * project copied them into its code: it is not made from the boundaries or the PSGC list, so it measures our
 * points from outside. Most are given to the minute of arc (about 1.8 km), the rest to the second.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { TOWN_POINTS_CSV } from './eval-set.ts';

const SOURCE = {
  repo: 'elradinn/byahe-net-properties',
  commit: '79accf4bece303a09ec4c3ad4b46df7b9ebe9118',
  file: 'app/data/philippines.ts',
  licence: 'none stated for the repository; the coordinates are those of the English Wikipedia articles (CC BY-SA 4.0)',
};

const [sourcesArg, outArg] = process.argv.slice(2);
if (!sourcesArg) {
  console.error('usage: node --import tsx scripts/build-town-points.ts SOURCES [OUT]');
  process.exit(2);
}
const dir = path.join(path.resolve(sourcesArg), SOURCE.repo.replace('/', '+'));
const gitDir = [path.join(dir, 'repo', '.git'), path.join(dir, 'repo'), path.join(dir, '.git'), dir].find((d) =>
  fs.existsSync(path.join(d, 'HEAD')),
);
if (!gitDir) throw new Error(`No git directory for ${SOURCE.repo} under ${dir}`);
const text = execFileSync('git', ['--git-dir', gitDir, 'show', `${SOURCE.commit}:${SOURCE.file}`], {
  encoding: 'utf8',
  maxBuffer: 1 << 26,
});

// `{ Province: "Abra", City: "Bangued", LatLng: "17.600; 120.617" }`, one object per town; read, never run.
const rows: { id: string; province: string; town: string; lat: number; lng: number; precision: string }[] = [];
let empty = 0;
for (const m of text.matchAll(/Province:\s*"([^"]*)",\s*City:\s*"([^"]*)",\s*LatLng:\s*"([^"]*)"/g)) {
  const [, province, town, latLng] = m;
  const [lat, lng] = latLng.split(';').map((s) => Number(s.trim()));
  if (!province || !town || !latLng.trim() || !Number.isFinite(lat) || !Number.isFinite(lng)) {
    empty++;
    continue;
  }
  // Given to the minute (17.600, 120.617) or finer; the coarser of the two figures says which.
  const decimals = Math.min(...latLng.split(';').map((s) => s.trim().split('.')[1]?.length ?? 0));
  rows.push({ id: `${province}/${town}`, province, town, lat, lng, precision: decimals <= 3 ? 'minute' : 'second' });
}

const out = path.resolve(outArg ?? path.dirname(TOWN_POINTS_CSV));
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'town-points.csv'), `${Papa.unparse(rows)}\n`);
const line = `- town-points.csv: ${rows.length} cities and municipalities with a point (${rows.filter((r) => r.precision === 'second').length} given to the second, the rest to the minute; ${empty} without one left out) from ${SOURCE.repo} @ ${SOURCE.commit}, ${SOURCE.file}. Licence: ${SOURCE.licence}. Built by \`scripts/build-town-points.ts\`.`;
const readme = path.join(out, 'README.md');
const kept = fs.existsSync(readme)
  ? fs
      .readFileSync(readme, 'utf8')
      .split('\n')
      .filter((l) => !l.startsWith('- town-points.csv:'))
  : ['# Evaluation sets', ''];
// After the other sets' lines, before the notes that follow them.
const at = kept.findLastIndex((l) => l.startsWith('- ') || l.startsWith('  - '));
kept.splice(at + 1, 0, line);
fs.writeFileSync(readme, kept.join('\n'));
console.log(`${rows.length} town points (${empty} without coordinates) in ${out}`);
