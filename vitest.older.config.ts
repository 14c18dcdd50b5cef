/**
 * The service's contract tests, and the HTTP server's, on every vintage older than the newest (npm run
 * test:unit:older), in one vitest run: one project per vintage, each reading its build in .vintages/ through
 * KAPULUAN_DATA_DIR (src/server/disk.ts). One run rather than one per vintage: vitest starts and transforms the
 * files once, and the projects' files share its workers (docs/testing.md has the timings).
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { allBuilds, PROJECT_ROOT, sourceDirOf } from './src/pipeline/config.ts';

const older = allBuilds(sourceDirOf()).slice(1);

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: older.map(({ vintage, outDir }) => ({
      // msw's cookie jar, as vite.config.ts gives the app and the newest vintage's tests
      resolve: { alias: { 'tough-cookie': fileURLToPath(new URL('./src/mocks/no-cookie-jar.ts', import.meta.url)) } },
      test: {
        name: vintage,
        environment: 'node',
        include: ['src/service/**/*.contract.test.ts', 'src/server/http-server.test.ts'],
        env: { KAPULUAN_DATA_DIR: path.relative(PROJECT_ROOT, outDir) },
        testTimeout: 120_000,
        hookTimeout: 120_000,
      },
    })),
  },
});
