/**
 * The fixture tier (`npm run test:fixture`, and `npm run test:fast` with typecheck and lint): every vitest file but
 * the country tier's, over the fixture country (src/pipeline/fixture-country.ts, built by `npm run data:fixture`
 * into .fixture/), in one run. The newest vintage's project runs them all; one project per older vintage runs the
 * files whose answers differ by vintage again (src/test/tiers.ts). vitest starts and transforms once and the
 * projects' files share its workers. docs/testing.md says which tier a test belongs to.
 */
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { fixtureBuilds, PROJECT_ROOT, sourceDirOf } from './src/pipeline/config.ts';
import { COUNTRY_TESTS, project, VINTAGE_TESTS, workers } from './src/test/tiers.ts';

const [newest, ...older] = fixtureBuilds(sourceDirOf());
const dataDir = (outDir: string) => path.relative(PROJECT_ROOT, outDir);

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      project({
        name: `fixture ${newest.vintage}`,
        include: ['src/**/*.test.{ts,tsx}'],
        exclude: [...configDefaults.exclude, ...COUNTRY_TESTS],
        env: { KAPULUAN_DATA_DIR: dataDir(newest.outDir) },
      }),
      ...older.map(({ vintage, outDir }) =>
        project({ name: `fixture ${vintage}`, include: VINTAGE_TESTS, env: { KAPULUAN_DATA_DIR: dataDir(outDir) } }),
      ),
    ],
  },
});
