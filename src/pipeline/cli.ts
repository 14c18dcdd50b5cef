/**
 * npm run data: builds public/data from the source files. With --if-stale it builds only when the data is
 * missing or was built from other inputs (source files, this pipeline's code, or the vintage).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataPaths, type Manifest } from '../dataset/types.ts';
import { build } from './build.ts';
import { loadConfig, type PipelineConfig, PROJECT_ROOT } from './config.ts';
import { summarise } from './summary.ts';

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)]))
    .sort();
}

/** A hash of what the build depends on: the source files (by name, size and time) and the pipeline's code. */
function inputsHash(config: PipelineConfig): string {
  const hash = createHash('sha256').update(config.vintage);
  for (const file of listFiles(path.join(config.sourceDir, 'boundaries')).concat(config.codeListFile)) {
    const stat = fs.statSync(file);
    hash.update(`${path.relative(config.sourceDir, file)}:${stat.size}:${stat.mtimeMs}\n`);
  }
  for (const dir of ['src/pipeline', 'src/dataset']) {
    for (const file of listFiles(path.join(PROJECT_ROOT, dir))) hash.update(fs.readFileSync(file));
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

async function main() {
  const args = process.argv.slice(2);
  const vintageArg = args.find((a) => a.startsWith('--vintage='))?.slice('--vintage='.length);
  const config = loadConfig(process.env, vintageArg);
  const hash = inputsHash(config);
  if (args.includes('--if-stale')) {
    const built = builtHash(config);
    if (built === hash) {
      console.log(`Data in ${path.relative(PROJECT_ROOT, config.outDir)} is up to date (${config.vintage}).`);
      return;
    }
    console.log(built ? 'Data is older than its sources: rebuilding.' : 'No built data yet: building it.');
  }
  console.log(`Building ${config.vintage} from ${config.sourceDir}`);
  const result = await build(config, hash, (line) => console.log(line));
  console.log(summarise(result));
  if (result.report.orphans.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
