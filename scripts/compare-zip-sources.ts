/**
 * How the two ZIP sources compare once joined to the code list (docs/data.md, "ZIP codes"): the
 * FOI table in ../shared/geodata/zip and the npm package use-postal-ph (MIT), which is not a dependency. Install
 * it anywhere and pass its folder:
 *
 *   npm install --prefix /tmp/zip-scratch use-postal-ph
 *   node --import tsx scripts/compare-zip-sources.ts /tmp/zip-scratch/node_modules/use-postal-ph [public/data]
 *
 * Prints, for each source, the rows joined and the towns given a ZIP code, then how many towns both give one and
 * how many of those get other codes from each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hierarchy, Unit } from '../src/dataset/types.ts';
import { loadConfig } from '../src/pipeline/config.ts';
import { joinZipCodes } from '../src/pipeline/zip-join.ts';
import { readZipTable, type ZipRow } from '../src/pipeline/zip-table.ts';

interface Place {
  location: string;
  municipality: string;
  post_code: number | string;
  region: string;
}

async function main() {
  const [pkg, dataDir = 'public/data'] = process.argv.slice(2);
  if (!pkg) throw new Error('usage: compare-zip-sources.ts <use-postal-ph folder> [data folder]');
  const units = JSON.parse(fs.readFileSync(path.join(dataDir, 'units.json'), 'utf8')) as Unit[];
  const hierarchy = JSON.parse(fs.readFileSync(path.join(dataDir, 'hierarchy.json'), 'utf8')) as Hierarchy;
  const version = JSON.parse(fs.readFileSync(path.join(pkg, 'package.json'), 'utf8')).version;
  const mod = await import(pathToFileURL(path.join(pkg, 'dist/index.mjs')).href);
  const places = (mod.default().fetchDataLists({ limit: 100_000 }) as { data: Place[] }).data;
  // The package's rows as the table's: Metro Manila's under their city ("Caloocan City (North)" is Caloocan's)
  const packageRows: ZipRow[] = places.map((p, i) => ({
    sheet: p.region === 'NCR' ? 'METRO MANILA' : p.region,
    row: i + 1,
    header: p.location.replace(/\s*\([^)]*\)$/, '').replace(/ area$/, ''),
    name: p.municipality,
    zip: String(p.post_code).padStart(4, '0'),
  }));
  const table = await readZipTable(loadConfig().zipFile);
  const foi = joinZipCodes(table.rows, units, hierarchy, 'FOI table');
  const npm = joinZipCodes(packageRows, units, hierarchy, `use-postal-ph ${version}`);
  for (const { report } of [foi, npm]) {
    console.log(
      `${report.source}: ${report.rows} rows, ${report.zipCodes} distinct codes; ${report.joined} joined; ` +
        `${report.towns.withZip} of ${report.towns.total} towns get a ZIP code`,
    );
  }
  const both = [...foi.zipsOf.keys()].filter((c) => npm.zipsOf.has(c) && units.some((u) => u.code === c));
  const differ = both.filter((c) => foi.zipsOf.get(c)!.join() !== npm.zipsOf.get(c)!.join());
  const name = (code: string) => units.find((u) => u.code === code)?.name;
  console.log(`Both give a ZIP code to ${both.length} units; ${differ.length} get other codes from each:`);
  for (const c of differ) console.log(`  ${name(c)} ${c}: FOI ${foi.zipsOf.get(c)} · package ${npm.zipsOf.get(c)}`);
  const onlyFoi = [...foi.zipsOf.keys()].filter((c) => !npm.zipsOf.has(c)).map(name);
  const onlyNpm = [...npm.zipsOf.keys()].filter((c) => !foi.zipsOf.has(c)).map(name);
  console.log(`Only the FOI table: ${onlyFoi.length} (${onlyFoi.join(', ')})`);
  console.log(`Only the package: ${onlyNpm.length} (${onlyNpm.join(', ')})`);
  const foiPairs = new Set(table.rows.map((r) => `${r.name.toLowerCase().trim()}|${r.zip}`));
  const samePairs = packageRows.filter((r) => foiPairs.has(`${r.name.toLowerCase().trim()}|${r.zip}`)).length;
  console.log(`Package rows whose place and code are a row of the table: ${samePairs} of ${packageRows.length}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
