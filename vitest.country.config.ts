/**
 * The country tier (`npm run test:country`): the checks only the whole country's data can answer (every unit drawn,
 * totals against PSA's summary, the builds of every vintage against each other, the geocoder's accuracy and
 * ranking among all the country's names), run once after `npm run data:ensure:all` has built public/data and
 * .vintages/. Its files are named `*.country.test.ts` (src/test/tiers.ts); the service's among them
 * (`*.contract.country.test.ts`) run again on every older vintage, as the fixture tier's contract tests do.
 * docs/testing.md says which tier a test belongs to.
 */
import { defineConfig } from 'vitest/config';
import { allBuilds, sourceDirOf } from './src/pipeline/config.ts';
import { COUNTRY_TESTS, COUNTRY_VINTAGE_TESTS, tierProjects, workers } from './src/test/tiers.ts';

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: tierProjects('country', allBuilds(sourceDirOf()), { include: COUNTRY_TESTS }, COUNTRY_VINTAGE_TESTS),
  },
});
