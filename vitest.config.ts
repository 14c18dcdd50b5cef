/**
 * The fixture tier (`npm run test:fixture`, and `npm run test:fast` with typecheck and lint): every vitest file but
 * the country tier's, over the fixture country (src/pipeline/fixture-country.ts, built by `npm run data:fixture`
 * into .fixture/), in one run. The newest vintage's project runs them all; one project per older vintage runs the
 * files whose answers differ by vintage again (src/test/tiers.ts). vitest starts and transforms once and the
 * projects' files share its workers. docs/testing.md says which tier a test belongs to.
 */
import { configDefaults, defineConfig } from 'vitest/config';
import { fixtureBuilds, sourceDirOf } from './src/pipeline/config.ts';
import { COUNTRY_TESTS, tierProjects, VINTAGE_TESTS, workers } from './src/test/tiers.ts';

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: tierProjects(
      'fixture',
      fixtureBuilds(sourceDirOf()),
      { include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...COUNTRY_TESTS] },
      VINTAGE_TESTS,
    ),
  },
});
