/**
 * The country tier (`npm run test:country`): the checks only the whole country's data can answer (every unit drawn,
 * totals against PSA's summary, the builds of every vintage against each other, the geocoder's accuracy and
 * ranking among all the country's names), run once after `npm run data:ensure:all` has built public/data and
 * .vintages/. Its files are named `*.country.test.ts` (src/test/tiers.ts); the service's among them
 * (`*.contract.country.test.ts`) run again on every older vintage, as the fixture tier's contract tests do.
 * docs/testing.md says which tier a test belongs to.
 */
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { allBuilds, PROJECT_ROOT, sourceDirOf } from './src/pipeline/config.ts';
import { COUNTRY_TESTS, COUNTRY_VINTAGE_TESTS, project, workers } from './src/test/tiers.ts';

const [newest, ...older] = allBuilds(sourceDirOf());
const dataDir = (outDir: string) => path.relative(PROJECT_ROOT, outDir);

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      project({
        name: `country ${newest.vintage}`,
        include: COUNTRY_TESTS,
        env: { KAPULUAN_DATA_DIR: dataDir(newest.outDir) },
      }),
      ...older.map(({ vintage, outDir }) =>
        project({
          name: `country ${vintage}`,
          include: COUNTRY_VINTAGE_TESTS,
          env: { KAPULUAN_DATA_DIR: dataDir(outDir) },
        }),
      ),
    ],
  },
});
