/**
 * How long the browser tests take, per Playwright project, from a JSON report:
 *
 *   CI=true PLAYWRIGHT_JSON_OUTPUT_NAME=e2e.json npx playwright test --reporter=list,json
 *   node --import tsx scripts/e2e-durations.ts e2e.json [--tests]
 *
 * Projects run interleaved on the same workers, so a project's time is the sum of its tests' durations (retries
 * included), beside the run's wall time. --tests lists every test, slowest first. Asserts nothing.
 */
import fs from 'node:fs';

interface Result {
  duration: number;
  status: string;
}
interface Suite {
  suites?: Suite[];
  specs?: { title: string; file: string; tests: { projectName: string; status: string; results: Result[] }[] }[];
}
const [file, flag] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx scripts/e2e-durations.ts <report.json> [--tests]');
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8')) as { suites: Suite[]; stats: Record<string, number> };

const projects = new Map<string, { tests: number; ms: number; retried: number; failed: number }>();
const tests: { project: string; title: string; ms: number; status: string }[] = [];
const walk = (suite: Suite) => {
  for (const child of suite.suites ?? []) walk(child);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const ms = test.results.reduce((sum, r) => sum + r.duration, 0);
      const p = projects.get(test.projectName) ?? { tests: 0, ms: 0, retried: 0, failed: 0 };
      p.tests++;
      p.ms += ms;
      if (test.results.length > 1) p.retried++;
      if (test.status === 'unexpected') p.failed++;
      projects.set(test.projectName, p);
      tests.push({ project: test.projectName, title: `${spec.file} › ${spec.title}`, ms, status: test.status });
    }
  }
};
report.suites.forEach(walk);

const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const { duration, expected, unexpected, flaky, skipped } = report.stats;
console.log(`wall ${s(duration)}: ${expected} passed, ${unexpected} failed, ${flaky} flaky, ${skipped} skipped`);
for (const [name, p] of projects) {
  console.log(
    `${name.padEnd(9)} ${String(p.tests).padStart(3)} tests  ${s(p.ms).padStart(6)} summed  ${s(p.ms / p.tests).padStart(4)} mean  ${p.retried} retried  ${p.failed} failed`,
  );
}
if (flag === '--tests') {
  for (const t of tests.sort((a, b) => b.ms - a.ms)) {
    console.log(`${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.project.padEnd(9)} ${t.status.padEnd(10)} ${t.title}`);
  }
}
