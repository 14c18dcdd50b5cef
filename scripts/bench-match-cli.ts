/**
 * npm run bench:match:cli — `npm run match` on large files of real addresses. Prints figures; asserts nothing.
 *
 * The rows are the health-facility registry's addresses (KAPULUAN_ADDRESSES or shared/eval/addresses.csv, 8,255
 * rows; without them the 308 registry rows committed in e2e/data/), repeated to each size in ROWS (default
 * 100,000 and 1,000,000). Nothing caches a result, so a repeat costs what the first did. For each size: the
 * command's wall time from start to exit (the workers' reading of the data included), rows a second, the
 * process's peak resident memory (VmHWM, its worker threads included) and the statuses it reports.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { ADDRESSES_CSV } from './eval-set.ts';

const root = path.resolve(import.meta.dirname, '..');
const SIZES = (process.env.ROWS ?? '100000,1000000').split(',').map(Number);
const source = fs.existsSync(ADDRESSES_CSV) ? ADDRESSES_CSV : path.join(root, 'e2e/data/health-facilities.csv');
const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(source, 'utf8'), {
  header: true,
  skipEmptyLines: true,
});
const addressColumn = parsed.meta.fields?.find((f) => /^address$/i.test(f)) ?? 'address';
const addresses = parsed.data.map((row) => row[addressColumn]).filter(Boolean);
console.log(`${addresses.length.toLocaleString('en-US')} real addresses from ${path.relative(root, source)}`);
console.log(`${os.availableParallelism()} cores; node ${process.version}\n`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-bench-cli-'));
try {
  for (const rows of SIZES) {
    const input = path.join(dir, `addresses-${rows}.csv`);
    const out = path.join(dir, `matched-${rows}.csv`);
    const lines = ['id,address'];
    for (let i = 0; i < rows; i++) lines.push(Papa.unparse([[`row-${i}`, addresses[i % addresses.length]]]));
    fs.writeFileSync(input, lines.join('\n'));
    const mb = fs.statSync(input).size / 2 ** 20;
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ['--max-old-space-size=8192', '--import', 'tsx', 'src/cli/match.ts', input, '--out', out],
      { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    let peakKb = 0;
    const poll = setInterval(() => {
      try {
        const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
        peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      } catch {}
    }, 100);
    const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
    clearInterval(poll);
    const seconds = (performance.now() - started) / 1000;
    const summary = stderr.trim().split('\n').at(-1) ?? '';
    const written = code === 0 ? fs.readFileSync(out, 'utf8').split('\r\n').length - 1 : 0;
    console.log(
      `${rows.toLocaleString('en-US')} rows (${mb.toFixed(0)} MB): exit ${code}, ${seconds.toFixed(1)} s, ` +
        `${Math.round(rows / seconds).toLocaleString('en-US')} rows/s, peak ${Math.round(peakKb / 1024)} MB resident, ` +
        `${written.toLocaleString('en-US')} rows written`,
    );
    console.log(`  ${summary}`);
    fs.rmSync(input);
    fs.rmSync(out, { force: true });
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
