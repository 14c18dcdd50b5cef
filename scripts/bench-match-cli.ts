/**
 * npm run bench:match:cli — `npm run match` on large files of real addresses. Prints figures; asserts nothing.
 *
 * The rows are the health-facility registry's addresses (KAPULUAN_ADDRESSES or shared/eval/addresses.csv, 8,255
 * rows; without them the 308 registry rows committed in e2e/data/), repeated to each size in ROWS (default
 * 100,000 and 1,000,000). Nothing caches a result, so a repeat costs what the first did. For each size: the
 * command's wall time from start to exit (the workers' reading of the data included), rows a second, the
 * process's peak resident memory (VmHWM, its worker threads included) and the statuses it reports.
 *
 * MAX_SECONDS stops each command after that long and reports the rows written so far, the rate and the peak
 * until then: a comparison of two versions at 1,000,000 rows in minutes rather than the whole run, on a busy
 * machine (the rows are read before matching starts, so the peak of reading them is in the first seconds).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { ADDRESSES_CSV } from './eval-set.ts';

const root = path.resolve(import.meta.dirname, '..');
const SIZES = (process.env.ROWS ?? '100000,1000000').split(',').map(Number);
const MAX_SECONDS = Number(process.env.MAX_SECONDS ?? Number.POSITIVE_INFINITY);
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
    let stopped = false;
    const stop = Number.isFinite(MAX_SECONDS)
      ? setTimeout(() => {
          stopped = true;
          child.kill('SIGTERM');
        }, MAX_SECONDS * 1000)
      : undefined;
    const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
    clearInterval(poll);
    clearTimeout(stop);
    const seconds = (performance.now() - started) / 1000;
    const summary = stderr.trim().split('\n').at(-1) ?? '';
    // Stopped: the rows in the file still being written beside its name (cli/match-output.ts, partialFile).
    const partial = fs.readdirSync(dir).find((f) => f.startsWith(`matched-${rows}.csv.partial-`));
    const outFile = code === 0 ? out : stopped && partial ? path.join(dir, partial) : null;
    const written = outFile ? fs.readFileSync(outFile, 'utf8').split('\r\n').length - 1 : 0;
    const done = stopped ? written : rows;
    console.log(
      `${rows.toLocaleString('en-US')} rows (${mb.toFixed(0)} MB): ` +
        `${stopped ? 'stopped after' : `exit ${code},`} ${seconds.toFixed(1)} s, ` +
        `${Math.round(done / seconds).toLocaleString('en-US')} rows/s, peak ${Math.round(peakKb / 1024)} MB resident, ` +
        `${written.toLocaleString('en-US')} rows written`,
    );
    if (!stopped) console.log(`  ${summary}`);
    if (outFile) fs.rmSync(outFile);
    fs.rmSync(input);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
