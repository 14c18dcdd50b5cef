/**
 * npm run bench:read — reading a large file of real addresses, as the page's worker will: readTableStream over a
 * file's stream, rows handed on 500 at a time and dropped (as if written to IndexedDB). Prints figures; asserts
 * nothing.
 *
 * The rows are the health-facility registry's (KAPULUAN_ADDRESSES or shared/eval/addresses.csv, 8,255 rows with
 * id, address and codes; without them the registry rows in e2e/data/), repeated whole to each size in ROWS
 * (default 1,000,000). Each reading runs in a process of its own (--expose-gc), so its figures are its own:
 * - readTableStream: time, rows a second, the largest heap seen at any batch (garbage included), the largest live
 *   heap (after a full GC, every 100 batches) and the process's peak resident memory (VmHWM);
 * - papaparse alone, as the baseline: its own streaming parse of the same file (Papa.parse of a Node stream, a
 *   step per row), which neither decides the encoding nor trims, drops or shapes rows;
 * - readTable, the file's bytes and every row held, for the memory it needs (ROWS_HELD=0 leaves it out).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import { readTableStream } from '../src/matching/read-stream.ts';
import { readTable } from '../src/matching/read-table.ts';
import { ADDRESSES_CSV } from './eval-set.ts';

const root = path.resolve(import.meta.dirname, '..');
const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const peakRss = () => Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

interface Figures {
  seconds: number;
  rows: number;
  peakHeap: number;
  peakLiveHeap: number;
  peakRss: number;
}

/** One reading, in this process. */
async function measure(how: string, file: string): Promise<Figures> {
  gc();
  const base = process.memoryUsage().heapUsed;
  let peakHeap = 0;
  let peakLiveHeap = 0;
  let batches = 0;
  const sample = () => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed - base);
    if (++batches % 100 === 0) {
      gc();
      peakLiveHeap = Math.max(peakLiveHeap, process.memoryUsage().heapUsed - base);
    }
  };
  const started = performance.now();
  let rows = 0;
  if (how === 'stream') {
    const blob = await fs.openAsBlob(file);
    const meta = await readTableStream(
      { name: path.basename(file), size: blob.size, stream: () => blob.stream() },
      () => sample(),
    );
    rows = meta.rowCount;
  } else if (how === 'papaparse') {
    await new Promise<void>((resolve, reject) => {
      Papa.parse(fs.createReadStream(file, 'utf8'), {
        step: () => {
          if (++rows % 500 === 0) sample();
        },
        complete: () => resolve(),
        error: reject,
      });
    });
    rows--;
  } else {
    const table = await readTable({ name: path.basename(file), bytes: fs.readFileSync(file) });
    rows = table.rows.length;
    sample();
    gc();
    peakLiveHeap = process.memoryUsage().heapUsed - base;
  }
  return { seconds: (performance.now() - started) / 1000, rows, peakHeap, peakLiveHeap, peakRss: peakRss() };
}

if (process.argv[2] === '--child') {
  const figures = await measure(process.argv[3], process.argv[4]);
  process.stdout.write(JSON.stringify(figures));
  process.exit(0);
}

const SIZES = (process.env.ROWS ?? '1000000').split(',').map(Number);
const source = fs.existsSync(ADDRESSES_CSV) ? ADDRESSES_CSV : path.join(root, 'e2e/data/health-facilities.csv');
const [header, ...lines] = fs.readFileSync(source, 'utf8').trimEnd().split(/\r?\n/);
console.log(`${lines.length.toLocaleString('en-US')} real rows from ${source}`);
console.log(`${os.availableParallelism()} cores; node ${process.version}\n`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kapuluan-bench-read-'));
try {
  for (const size of SIZES) {
    const file = path.join(dir, `addresses-${size}.csv`);
    const out = fs.openSync(file, 'w');
    fs.writeSync(out, `${header}\n`);
    for (let i = 0; i < size; i += lines.length) {
      fs.writeSync(out, `${lines.slice(0, Math.min(lines.length, size - i)).join('\n')}\n`);
    }
    fs.closeSync(out);
    console.log(`${size.toLocaleString('en-US')} rows, ${mb(fs.statSync(file).size)}`);
    const hows = process.env.ROWS_HELD === '0' ? ['stream', 'papaparse'] : ['stream', 'papaparse', 'held'];
    for (const how of hows) {
      const child = spawnSync(
        process.execPath,
        ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', import.meta.filename, '--child', how, file],
        { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      if (child.status !== 0) {
        console.log(`  ${how}: failed\n${child.stderr}`);
        continue;
      }
      const f = JSON.parse(child.stdout) as Figures;
      const name = { stream: 'readTableStream', papaparse: 'papaparse alone', held: 'readTable (held)' }[how];
      console.log(
        `  ${name?.padEnd(16)} ${f.seconds.toFixed(2).padStart(6)} s  ` +
          `${Math.round(f.rows / f.seconds).toLocaleString('en-US')} rows/s  rows ${f.rows.toLocaleString('en-US')}  ` +
          `heap peak ${mb(f.peakHeap)}, live ${mb(f.peakLiveHeap)}; resident peak ${mb(f.peakRss)}`,
      );
    }
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
