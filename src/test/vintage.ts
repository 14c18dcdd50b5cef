/**
 * The service's tests run over the newest code list and again over each older vintage, of the fixture country
 * (KAPULUAN_DATA_DIR=.fixture/<vintage>, vitest.config.ts) and of the whole country for its own tier
 * (public/data and .vintages/<vintage>, vitest.country.config.ts). What differs between vintages is written in the
 * tests once per vintage, from the published lists, never read back from the data under test; it is the same on
 * both, as the fixture holds those places whole.
 */
import fs from 'node:fs';
import path from 'node:path';
import { allBuilds, fixtureBuilds, fixtureDir, sourceDirOf } from '../pipeline/config.ts';
import { DATA_DIR } from '../server/disk.ts';

export const VINTAGE: string = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'manifest.json'), 'utf8')).vintage;

/** The value written for the vintage under test; a vintage with none fails the test rather than skip it. */
export function byVintage<T>(values: Record<string, T>): T {
  if (!(VINTAGE in values)) throw new Error(`No expectation written for the ${VINTAGE} data in ${DATA_DIR}`);
  return values[VINTAGE];
}

/**
 * Where `vintage` is built beside the data under test: in the fixture country's folders when the tests read the
 * fixture (.fixture/<vintage>), else among the whole country's builds (public/data, .vintages/<vintage>).
 */
export function buildOf(vintage: string): string {
  const inFixture = !path.relative(path.dirname(fixtureDir(vintage)), DATA_DIR).startsWith('..');
  const builds = inFixture ? fixtureBuilds(sourceDirOf()) : allBuilds(sourceDirOf());
  const build = builds.find((b) => b.vintage === vintage);
  if (!build) throw new Error(`No ${vintage} build beside ${DATA_DIR}`);
  return build.outDir;
}

/** Regions in each vintage's list: 4Q 2024 adds the Negros Island Region. */
export const REGION_COUNT = byVintage({ '4Q 2023': 17, '4Q 2024': 18, '2Q 2025': 18, '3Q 2025': 18 });
