/**
 * Run after `npm run data` (its `post` scripts in package.json): the geocoder's answers to every name of a region,
 * province, city and municipality typed letter by letter (src/service/geocode/prefix-answers.ts), written beside
 * each built vintage (public/data, .vintages/*, or the folders named: .fixture/*) into prefix-answers/. The answers are the service's own, so this
 * lives with the service, not in the pipeline (which shares only the dataset's types). A vintage whose answers were
 * made from the same data by the same code of the service is left as it is: the hash in prefix-answers/index.json
 * covers the data's inputs and every source file of src/service and src/contract.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { dataPaths, type Manifest } from '../dataset/types.ts';
import { Dataset } from '../service/dataset.ts';
import {
  type GeocodeHits,
  geocodeText,
  loadGeocoder,
  type PrefixIndex,
  packShards,
  prefixIndexPath,
  prefixShardPath,
  typedQueries,
} from '../service/geocode/search.ts';
import { diskDataSource, PROJECT_ROOT } from './disk.ts';

const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory()
        ? sources(path.join(dir, e.name))
        : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
          ? [path.join(dir, e.name)]
          : [],
    )
    .sort();

/** What the answers depend on: the data (its inputs' hash) and the code that answers. */
function hashOf(manifest: Manifest): string {
  const hash = createHash('sha256').update(manifest.inputsHash ?? '');
  for (const file of [
    ...sources(path.join(PROJECT_ROOT, 'src/service')),
    ...sources(path.join(PROJECT_ROOT, 'src/contract')),
  ])
    hash.update(path.relative(PROJECT_ROOT, file)).update(fs.readFileSync(file));
  return hash.digest('hex');
}

async function buildFor(dir: string, force: boolean) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, dataPaths.manifest), 'utf8')) as Manifest;
  const hash = hashOf(manifest);
  const where = path.relative(PROJECT_ROOT, dir);
  try {
    const index = JSON.parse(fs.readFileSync(path.join(dir, prefixIndexPath), 'utf8')) as PrefixIndex;
    if (!force && index.hash === hash) {
      console.log(`Answers to typed names in ${where} are up to date.`);
      return;
    }
  } catch {}
  const started = performance.now();
  const data = await Dataset.load(diskDataSource(dir));
  const geocoder = await loadGeocoder(data);
  const answers = new Map<string, GeocodeHits>();
  for (const q of typedQueries(data.units)) {
    const answer = geocodeText(geocoder, q, 50);
    answers.set(q, answer);
  }
  const shards = packShards(answers);
  const out = path.join(dir, `${prefixIndexPath.split('/')[0]}.tmp`);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  for (const [name, shard] of shards)
    fs.writeFileSync(path.join(out, path.basename(prefixShardPath(name))), JSON.stringify(shard));
  const index: PrefixIndex = { hash, queries: answers.size, shards: shards.size };
  fs.writeFileSync(path.join(out, path.basename(prefixIndexPath)), JSON.stringify(index));
  const final = path.join(dir, prefixIndexPath.split('/')[0]);
  fs.rmSync(final, { recursive: true, force: true });
  fs.renameSync(out, final);
  console.log(
    `Answers to ${answers.size} typed names in ${where}: ${shards.size} files, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The folders named on the command line (the fixture country's, .fixture/*), else public/data and .vintages/*. */
function builtDirs(named: string[]): string[] {
  if (named.length) return named.map((dir) => path.resolve(dir));
  const dirs = [path.join(PROJECT_ROOT, 'public/data')];
  const vintages = path.join(PROJECT_ROOT, '.vintages');
  if (fs.existsSync(vintages)) for (const name of fs.readdirSync(vintages).sort()) dirs.push(path.join(vintages, name));
  return dirs;
}

const args = process.argv.slice(2);
const force = args.includes('--force');
for (const dir of builtDirs(args.filter((a) => !a.startsWith('--')))) {
  if (fs.existsSync(path.join(dir, dataPaths.manifest))) await buildFor(dir, force);
}
