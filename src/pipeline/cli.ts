/**
 * npm run data: builds public/data from the source files. With --if-stale it builds only when the data is
 * missing or was built from other inputs (source files, this pipeline's code, or the vintage).
 * --vintage="4Q 2023" picks a code list (default: the newest present); --out=<dir> writes elsewhere than
 * public/data; --all-vintages builds the newest into public/data and each older one into .vintages/ (for the
 * tests); --fixture builds the fixture country (fixture-country.ts), every vintage, into .fixture/.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataPaths, type Manifest } from '../dataset/types.ts';
import { build } from './build.ts';
import { allBuilds, fixtureBuilds, loadConfig, type PipelineConfig, PROJECT_ROOT, sourceDirOf } from './config.ts';
import { FIXTURE_SLICE } from './fixture-country.ts';
import type { PreparedBoundaries } from './prepare.ts';
import { briefly, summarise } from './summary.ts';

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/**
 * A hash of what the build depends on: the source files (by name, size and time), the pipeline's code and the
 * slice built. The fixture's list of towns is hashed as the slice, so a town added to it rebuilds the fixture
 * alone.
 */
function inputsHash(config: PipelineConfig): string {
  const hash = createHash('sha256').update(config.vintage);
  if (config.slice) hash.update(JSON.stringify(config.slice));
  const codeLists = [
    ...new Set([config.codeListFile, config.boundaryCodeListFile, ...config.olderCodeLists.map((l) => l.file)]),
  ].sort();
  if (fs.existsSync(config.zipFile)) codeLists.push(config.zipFile);
  for (const file of listFiles(path.join(config.sourceDir, 'boundaries')).concat(codeLists)) {
    const stat = fs.statSync(file);
    hash.update(`${path.relative(config.sourceDir, file)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  // Tests and their helpers read the data but do not make it: editing one must not trigger a rebuild.
  // The browser's code in src/dataset (fetch-data.ts) makes none of it: only the types the pipeline writes by,
  // and the name folds it compares names by (contract/names.ts).
  const code = listFiles(path.join(PROJECT_ROOT, 'src/pipeline')).concat(
    path.join(PROJECT_ROOT, 'src/dataset/types.ts'),
    path.join(PROJECT_ROOT, 'src/contract/names.ts'),
  );
  for (const file of code) {
    if (!/\.test(-helpers)?\.ts$/.test(file) && !file.endsWith('fixture-country.ts'))
      hash.update(fs.readFileSync(file));
  }
  const lock = path.join(PROJECT_ROOT, 'node_modules/mapshaper/package.json');
  if (fs.existsSync(lock)) hash.update(JSON.parse(fs.readFileSync(lock, 'utf8')).version);
  return hash.digest('hex');
}

function builtHash(config: PipelineConfig): string | null {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(config.outDir, dataPaths.manifest), 'utf8')) as Manifest;
    return manifest.inputsHash;
  } catch {
    return null;
  }
}

/** Builds one vintage unless its data is up to date; returns the polygons it prepared, for the next one. */
async function buildOne(config: PipelineConfig, ifStale: boolean, prepared?: PreparedBoundaries) {
  const hash = inputsHash(config);
  const where = path.relative(PROJECT_ROOT, config.outDir);
  if (ifStale) {
    const built = builtHash(config);
    if (built === hash) {
      console.log(`Data in ${where} is up to date (${config.vintage}).`);
      return prepared;
    }
    console.log(
      built ? `Data in ${where} is older than its sources: rebuilding.` : `No data in ${where} yet: building it.`,
    );
  }
  console.log(`Building ${config.vintage} from ${config.sourceDir} into ${where}`);
  const result = await build(config, hash, (line) => console.log(line), prepared);
  // A slice's report lists what it left out (the ZIP table's rows of other towns): it stays in its report.json.
  console.log(config.slice ? briefly(result) : summarise(result));
  if (result.report.orphans.length) process.exitCode = 1;
  return result.boundaries;
}

async function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const ifStale = args.includes('--if-stale');
  if (args.includes('--fixture')) {
    // The fixture country, every vintage, into .fixture/<vintage>: its few towns' polygons are prepared once.
    let prepared: PreparedBoundaries | undefined;
    for (const { vintage, outDir } of fixtureBuilds(sourceDirOf())) {
      const config = { ...loadConfig(process.env, { vintage, outDir }), slice: FIXTURE_SLICE };
      prepared = await buildOne(config, ifStale, prepared);
    }
    return;
  }
  if (args.includes('--all-vintages')) {
    // The newest vintage into public/data, each older one into .vintages/<vintage> (the tests check them all).
    // They share the boundaries, repaired and simplified once.
    let prepared: PreparedBoundaries | undefined;
    for (const { vintage, outDir } of allBuilds(sourceDirOf())) {
      prepared = await buildOne(loadConfig(process.env, { vintage, outDir }), ifStale, prepared);
    }
    return;
  }
  await buildOne(loadConfig(process.env, { vintage: option('vintage'), outDir: option('out') }), ifStale);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
