/**
 * The vitest tiers' shared settings (vitest.config.ts: the fixture tier; vitest.country.config.ts: the country's).
 * Which files run where is written here once; docs/testing.md says which tier a new test belongs to.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import { PROJECT_ROOT } from '../pipeline/config.ts';

/** The country tier's files: checks only the whole country's data can answer. */
export const COUNTRY_TESTS = ['src/**/*.country.test.ts'];
/** Of those, the service's answers, run again on every older vintage of the whole country. */
export const COUNTRY_VINTAGE_TESTS = ['src/**/*.contract.country.test.ts'];

/**
 * The files run again on every older vintage of the fixture: the service's answers (its contract tests) and the
 * HTTP server's, whose expectations differ by vintage (`byVintage`, src/test/vintage.ts).
 */
export const VINTAGE_TESTS = ['src/service/**/*.contract.test.ts', 'src/server/http-server.test.ts'];

/**
 * Vitest's default in a run is one worker fewer than the cores: one, on the 2-core machines CI and we use. The
 * files are independent (each service test starts on a fresh store), so use every core, at least two.
 */
export const workers = Math.max(2, availableParallelism() - 1);

/** One project: its files, and the data it reads (KAPULUAN_DATA_DIR, src/server/disk.ts). */
export function project(test: {
  name: string;
  include: string[];
  exclude?: string[];
  env: Record<string, string>;
}): TestProjectInlineConfiguration {
  return {
    // msw's cookie jar, which the /v1 service never fills, as the app's build has it (vite.config.ts)
    resolve: { alias: { 'tough-cookie': fileURLToPath(new URL('../mocks/no-cookie-jar.ts', import.meta.url)) } },
    test: {
      environment: 'node',
      // A worker's test files share its modules, so the dataset the service's tests read and its geocoder are
      // loaded and built once per worker process (src/test/service-server.ts), not once per file, and the
      // modules are imported once: 211 s of CPU for the fixture tier against 308 s with each file isolated. A
      // file leaves the globals as it found them (vi.unstubAllGlobals, its server closed).
      isolate: false,
      // The country's tests read tens of megabytes of GeoJSON.
      testTimeout: 120_000,
      hookTimeout: 120_000,
      ...test,
    },
  };
}

/**
 * A tier's projects, one per vintage built (newest first): the newest build's runs `newest`'s files, each older
 * build's runs `older` again. Each reads its own build (KAPULUAN_DATA_DIR).
 */
export function tierProjects(
  tier: string,
  builds: { vintage: string; outDir: string }[],
  newest: { include: string[]; exclude?: string[] },
  older: string[],
): TestProjectInlineConfiguration[] {
  const env = (outDir: string) => ({ KAPULUAN_DATA_DIR: path.relative(PROJECT_ROOT, outDir) });
  return builds.map(({ vintage, outDir }, i) =>
    project({ name: `${tier} ${vintage}`, ...(i === 0 ? newest : { include: older }), env: env(outDir) }),
  );
}
