/**
 * The import arrows live in biome.json. These tests lint small probe files, laid out like src/, with that very
 * config in a scratch directory, so a rule that stops biting (a typo in a pattern, an override order) fails here
 * rather than letting a wrong import through `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');
let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-arrows-'));
  fs.copyFileSync(path.join(root, 'biome.json'), path.join(dir, 'biome.json'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Lints the probe files and answers the rule of each diagnostic, by file. */
function lint(files: Record<string, string>): Record<string, string[]> {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  let out: string;
  try {
    out = execFileSync(biome, ['lint', '--reporter=json', ...Object.keys(files)], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    out = (error as { stdout: string }).stdout;
  } finally {
    for (const file of Object.keys(files)) fs.rmSync(path.join(dir, file));
  }
  const found: Record<string, string[]> = {};
  for (const d of JSON.parse(out).diagnostics as { category: string; location: { path: string } }[]) {
    const file = path.relative(dir, path.resolve(dir, d.location.path));
    found[file] = [...(found[file] ?? []), d.category];
  }
  return found;
}

const restricted = 'lint/style/noRestrictedImports';

/**
 * The rules each probe of a table meets, linted together: the probes go in as few runs as their paths allow (no
 * two of a run at one path), each run once, on first use (a biome run is most of a probe's time).
 */
function lintTable(rows: (readonly [string, string])[]): (file: string, text: string) => string[] {
  const runs: Record<string, string>[] = [];
  for (const [file, text] of rows) {
    const run = runs.find((r) => !(file in r));
    if (run) run[file] = text;
    else runs.push({ [file]: text });
  }
  const found = new Map<Record<string, string>, Record<string, string[]>>();
  return (file, text) => {
    const run = runs.find((r) => r[file] === text)!;
    if (!found.has(run)) found.set(run, lint(run));
    return found.get(run)![file] ?? [];
  };
}

const forbidden = [
  ['src/service/probe.ts', "export { apiFetch } from '../api/client.ts';"],
  ['src/service/probe.ts', "export { serviceServer } from '../test/service-server.ts';"],
  ['src/api/probe.ts', "export { Service } from '../service/service.ts';"],
  ['src/contract/probe.ts', "export { apiFetch } from '../api/client.ts';"],
  ['src/mocks/probe.ts', "export { apiFetch } from '../api/client.ts';"],
  ['src/mocks/handlers/probe.ts', "export { apiFetch } from '../../api/client.ts';"],
  ['src/mocks/probe.ts', "export { startHttpServer } from '../server/http-server.ts';"],
  ['src/server/probe.ts', "export { apiFetch } from '../api/client.ts';"],
  ['src/features/admin/probe.ts', "export { SearchBox } from '../search/search-box.tsx';"],
  ['src/features/search/probe.ts', "export { Service } from '../../service/service.ts';"],
  ['src/map/probe.ts', "export { viewOf } from '../features/explorer/view.ts';"],
  ['src/pipeline/probe.ts', "export { apiFetch } from '../api/client.ts';"],
  ['src/service/endpoints/probe.ts', "export { listRegions } from './regions.ts';"],
  ['src/service/endpoints/probe.ts', "export { apiFetch } from '../../api/client.ts';"],
  ['src/service/answers/probe.ts', "export { ENDPOINTS } from '../endpoints/table.ts';"],
  ['src/service/reorganize/probe.ts', "export { listRegions } from '../endpoints/regions.ts';"],
  ['src/pipeline/probe.ts', "export { isPsgcCode } from '../contract/psgc.ts';"],
  ['src/test/probe.ts', "export { apiFetch } from '../api/client.ts';"],
  ['src/test/probe.ts', "export { configureApi, apiFetch } from '../api/client.ts';"],
  ['src/test/probe.ts', "export { regionQueries } from '../api/regions.ts';"],
  ['src/api/probe.test.ts', "export { serviceServer } from '../test/service-server.ts';"],
  ['src/api/probe.ts', "export { TEST_API } from '../test/test-api.ts';"],
  ['src/test/probe.ts', "export { SearchBox } from '../features/search/search-box.tsx';"],
  ['src/test/probe.ts', "export * from '../service/regions.contract.test.ts';"],
  ['src/test/probe.ts', "export * from './probe.test.ts';"],
  ['scripts/probe.ts', "export { apiFetch } from '../src/api/client.ts';"],
  ['scripts/probe.ts', "export { App } from '../src/app/app.tsx';"],
  ['scripts/probe.ts', "export { SearchBox } from '../src/features/search/search-box.tsx';"],
  ['scripts/probe.ts', "export { worker } from '../src/mocks/browser.ts';"],
  ['scripts/probe.ts', "export { serviceServer } from '../src/test/service-server.ts';"],
  ['e2e/probe.ts', "export { Service } from '../src/service/service.ts';"],
  ['e2e/probe.ts', "export { apiFetch } from '../src/api/client.ts';"],
  ['e2e/probe.ts', "export { startBrowserService } from '../src/mocks/browser.ts';"],
  ['e2e/probe.ts', "export { SearchBox } from '../src/features/search/search-box.tsx';"],
  ['e2e/probe.ts', "export { serviceServer } from '../src/test/service-server.ts';"],
  ['src/service/geocode/probe.test.ts', "export { apiFetch } from '../../api/client.ts';"],
  ['src/matching/probe.ts', "export { Service } from '../service/service.ts';"],
  ['src/matching/probe.ts', "export { MatchArea } from '../features/match/match-area.tsx';"],
  ['src/matching/probe.ts', "export { geocodeBatch } from '../api/geocode.ts';"],
  ['src/cli/probe.ts', "export { startHttpServer } from '../server/http-server.ts';"],
  ['src/cli/probe.ts', "export { apiFetch } from '../api/client.ts';"],
  ['src/cli/probe.ts', "export { tokenize } from '../service/geocode/tokenize.ts';"],
  ['src/cli/probe.ts', "export { startHttpServer as start } from '../server/main.ts';"],
  ['src/features/match/probe.ts', "export { Service } from '../../service/service.ts';"],
] as const;
const forbiddenFound = lintTable([...forbidden]);
test.each(forbidden)('%s may not `%s`', (file, text) => {
  expect(forbiddenFound(file, text)).toContain(restricted);
});

const allowed = [
  ['src/service/probe.ts', "export { REGION_CODE } from '../contract/rules.ts';"],
  ['src/api/probe.ts', "export type { Region } from '../contract/types.ts';"],
  ['src/mocks/handlers/probe.ts', "export { errorBody } from '../../contract/error-body.ts';"],
  ['src/server/probe.ts', "export { createHandlers } from '../mocks/handlers/index.ts';"],
  ['src/features/admin/probe.ts', "export { regionQueries } from '../../api/regions.ts';"],
  ['src/contract/probe.ts', "export type { Detail } from '../dataset/types.ts';"],
  ['src/service/endpoints/table.ts', "export { listRegions } from './regions.ts';"],
  ['src/service/endpoints/probe.ts', "export { regionRecord } from '../answers/region-record.ts';"],
  ['src/service/endpoints/probe.ts', "export { REGION_CODE } from '../../contract/rules.ts';"],
  ['src/service/reorganize/probe.ts', "export { placesOf } from '../places.ts';"],
  ['src/features/search/probe.ts', "export { isLongEnoughQuery } from '../../contract/rules.ts';"],
  ['src/test/probe.ts', "export { Service } from '../service/service.ts';"],
  ['src/test/probe.ts', "export { configureApi } from '../api/client.ts';"],
  ['src/api/probe.test.ts', "export { TEST_API } from '../test/test-api.ts';"],
  ['src/test/probe.ts', "export { migrate } from '../server/db/migrations.ts';"],
  ['src/test/probe.ts', "export { landAreaKm2 } from '../pipeline/land-area.ts';"],
  ['src/pipeline/probe.ts', "export { foldCaseAndSpaces } from '../contract/names.ts';"],
  ['scripts/probe.ts', "export { Service } from '../src/service/service.ts';"],
  ['scripts/probe.ts', "export { regionCodeOf } from '../src/contract/psgc.ts';"],
  ['scripts/probe.ts', "export { downloadRows } from '../src/features/explorer/downloads.ts';"],
  ['e2e/probe.ts', "export { LAYER } from '../src/features/explorer/layer-ids.ts';"],
  ['e2e/probe.ts', "export { errorBody } from '../src/contract/error-body.ts';"],
  ['e2e/probe.ts', "export { DEV_API_KEY } from '../src/config/defaults.ts';"],
  ['e2e/probe.ts', "export type { ServiceOverride } from '../src/mocks/e2e-hook.ts';"],
  ['e2e/probe.ts', "export { trickle } from '../src/mocks/pace.ts';"],
  ['src/service/geocode/probe.ts', "export { Dataset } from '../dataset.ts';"],
  ['src/service/geocode/probe.test.ts', "export { serviceServer } from '../../test/service-server.ts';"],
  ['src/matching/probe.ts', "export { isPsgcCode } from '../contract/psgc.ts';"],
  ['src/features/match/probe.ts', "export { guessColumns } from '../../matching/columns.ts';"],
  ['src/cli/probe.ts', "export { readTable } from '../matching/read-table.ts';"],
  ['src/cli/probe.ts', "export { startPool } from '../server/work-pool.ts';"],
  ['src/cli/probe.ts', "export { diskDataSource } from '../server/disk.ts';"],
  ['src/cli/probe.test.ts', "export { serviceServer } from '../test/service-server.ts';"],
] as const;
const allowedFound = lintTable([...allowed]);
test.each(allowed)('%s may `%s`', (file, text) => {
  expect(allowedFound(file, text)).not.toContain(restricted);
});

test('an import cycle is an error', () => {
  const found = lint({
    'src/service/probe-a.ts': "import { b } from './probe-b.ts';\nexport const a = () => b;\n",
    'src/service/probe-b.ts': "import { a } from './probe-a.ts';\nexport const b = () => a;\n",
  });
  expect(found['src/service/probe-a.ts']).toContain('lint/suspicious/noImportCycles');
});

test('in service/ a cycle of type imports is an error too: a type two modules share lives in one both import', () => {
  const found = lint({
    'src/service/probe-a.ts': "import type { B } from './probe-b.ts';\nexport interface A { b?: B }\n",
    'src/service/probe-b.ts': "import type { A } from './probe-a.ts';\nexport interface B { a?: A }\n",
  });
  expect(found['src/service/probe-a.ts']).toContain('lint/suspicious/noImportCycles');
});

test('explorer and search import each other no more, in code or in tests: app/ composes them', () => {
  const found = lint({
    'src/features/explorer/probe.ts': "export { SearchBox } from '../search/search-box.tsx';",
    'src/features/search/probe.ts': "export { viewOf } from '../explorer/view.ts';",
    'src/features/explorer/probe.test.ts': "export { WhatIsHere } from '../search/what-is-here.tsx';",
    'src/app/probe.ts': "export { SearchBox } from '../features/search/search-box.tsx';",
  });
  expect(found['src/features/explorer/probe.ts']).toContain(restricted);
  expect(found['src/features/search/probe.ts']).toContain(restricted);
  expect(found['src/features/explorer/probe.test.ts']).toContain(restricted);
  expect(found['src/app/probe.ts'] ?? []).not.toContain(restricted);
});

test('outside service/, the geocoder is reached through search.ts, batch.ts and reverse.ts, never its parts', () => {
  const parts = {
    'src/server/probe.ts': "export { tokenize } from '../service/geocode/tokenize.ts';",
    'src/server/db/probe.ts': "export { GazetteerIndex } from '../../service/geocode/gazetteer-index.ts';",
    'src/mocks/probe.ts': "export { nameVariants } from '../service/geocode/name-variants.ts';",
    'src/mocks/handlers/probe.ts': "export { ALIASES } from '../../service/geocode/lexicon.ts';",
    'scripts/probe.ts': "export { phoneticWord } from '../src/service/geocode/name-keys.ts';",
    'src/test/probe.ts': "export { tokenize } from '../service/geocode/tokenize.ts';",
    'bench/probe.ts': "export { tokenize } from '../src/service/geocode/tokenize.ts';",
    'src/probe.ts': "export { ALIASES } from './service/geocode/lexicon.ts';",
  };
  const entries = {
    'src/server/probe-entry.ts': "export { matchAddress } from '../service/geocode/batch.ts';",
    'src/mocks/probe-entry.ts': "export { loadGeocoder } from '../service/geocode/search.ts';",
    'scripts/probe-entry.ts': "export { ReverseGeocoder } from '../src/service/geocode/reverse.ts';",
    'src/service/probe.ts': "export { tokenize } from './geocode/tokenize.ts';",
  };
  const found = lint({ ...parts, ...entries });
  for (const file of Object.keys(parts)) expect(found[file] ?? [], file).toContain(restricted);
  for (const file of Object.keys(entries)) expect(found[file] ?? [], file).not.toContain(restricted);
});
