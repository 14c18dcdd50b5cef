/**
 * `npm run match -- in.csv [--out out.csv] [--column address]`: the app's "Match a file" without a browser, for
 * data engineers and scheduled jobs (issue 33). The same reader (matching/read-table.ts), column guess
 * (matching/columns.ts), matcher (the HTTP server's batch workers, server/pool-worker.ts: the service's
 * matchAddress, one thread per core) and exports
 * (matching/export.ts), so a row gets the status, place and confidence the app gives it.
 *
 * On a terminal, standard error shows a progress line; piped or redirected, nothing but the summary at the end.
 * Exit status: 0 done, 1 the file or the data could not be read (the message says which and why), 2 the command
 * line was wrong.
 */
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Piscina } from 'piscina';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { addressOf, guessColumns, namesAPlace } from '../matching/columns.ts';
import { exportCells, exportHeader } from '../matching/export-rows.ts';
import {
  csvWriter,
  geoJsonWriter,
  type RowWriter,
  TOO_MANY_ROWS,
  XLSX_MAX_ROWS,
  XlsxTooLarge,
  xlsxWriter,
} from '../matching/export-stream.ts';
import { checkByteSize, readTable, TableError, type TableLimits } from '../matching/read-table.ts';
import type { ColumnMap, SourceTable } from '../matching/types.ts';
import { DATA_DIR } from '../server/disk.ts';
import type { PoolTask } from '../server/pool-worker.ts';
import { startPool } from '../server/work-pool.ts';
import { type MatchArgs, parseMatchArgs, USAGE, UsageError } from './match-args.ts';
import { partialFile, streamSink } from './match-output.ts';
import { Progress } from './progress.ts';

/**
 * The command line reads what the machine holds: no row cap (the browser stops at 2,000,000), and
 * files up to 500 MB, under V8's longest string (512 MB), which the text is decoded into.
 */
const CLI_LIMITS: TableLimits = { maxRows: Number.POSITIVE_INFINITY, maxBytes: 500 * 1024 * 1024 };
/** Each worker's heap: the server's (edge-limits.ts), which holds the data, the index and a batch in flight. */
const WORKER_HEAP_MB = 1024;
/** Rows per task handed to a worker: the app's batch size. */
const BATCH = 500;

/** Something the user can fix, told in one line (exit 1). */
class FileProblem extends Error {}

export async function main(argv: readonly string[]): Promise<number> {
  let args: MatchArgs;
  try {
    args = parseMatchArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`match: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  // npm runs a script in the project's folder; the names given are the user's, from where they typed them.
  const here = process.env.INIT_CWD ?? process.cwd();
  try {
    await run({ ...args, input: path.resolve(here, args.input), out: args.out && path.resolve(here, args.out) }, args);
    return 0;
  } catch (error) {
    if (error instanceof FileProblem || error instanceof TableError || error instanceof XlsxTooLarge) {
      console.error(`match: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

/** `args` with its paths resolved; `given` as typed, for messages. */
async function run(args: MatchArgs, given: MatchArgs): Promise<void> {
  const table = await readInput(args.input, given.input);
  const columns = columnsOf(table, args.column);
  // Told before any row is matched; the writer would refuse the row past the last only once it came.
  if (args.format === 'xlsx' && table.rows.length > XLSX_MAX_ROWS) {
    throw new FileProblem(`${given.input} has ${n(table.rows.length)} rows. ${TOO_MANY_ROWS}`);
  }
  if (!fs.existsSync(path.join(DATA_DIR, 'manifest.json'))) {
    throw new FileProblem(`No built data at ${DATA_DIR}: run npm run data (npm run match builds it when it can).`);
  }
  const threads = args.threads ?? availableParallelism();
  const pool = startPool(DATA_DIR, threads, WORKER_HEAP_MB);
  const file = args.out === null ? null : partialFile(args.out);
  try {
    const writer = openWriter(args, table, file?.path ?? null);
    const counts = await matchRows(table, columns, pool, writer);
    await writer.end();
    file?.keep();
    const { matched, ambiguous, unmatched } = counts;
    const where = given.out ? ` into ${given.out}` : '';
    console.error(
      `match: ${n(table.rows.length)} rows of ${given.input} matched${where} in ${counts.seconds.toFixed(1)} s ` +
        `(${n(Math.round(table.rows.length / counts.seconds))} rows/s, ${threads} threads): ` +
        `${n(matched)} matched, ${n(ambiguous)} ambiguous, ${n(unmatched)} unmatched.`,
    );
  } catch (error) {
    file?.drop();
    throw error;
  } finally {
    await pool.destroy();
  }
}

async function readInput(input: string, name: string): Promise<SourceTable> {
  let bytes: Uint8Array;
  try {
    const stat = fs.statSync(input);
    if (stat.isDirectory()) throw new FileProblem(`${name} is a folder; name a CSV, TSV or XLSX file.`);
    // Told before a byte is read: the reader's own check would come once the whole file is in memory.
    checkByteSize(stat.size, CLI_LIMITS);
    bytes = fs.readFileSync(input);
  } catch (error) {
    if (error instanceof FileProblem || error instanceof TableError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new FileProblem(`There is no file ${name}.`);
    if (code === 'EACCES') throw new FileProblem(`${name} cannot be read: permission denied.`);
    throw error;
  }
  return readTable({ name: path.basename(input), bytes }, CLI_LIMITS);
}

/**
 * Which columns make a row's address: the one --column names (by header, without case or surrounding spaces, or
 * by number), else the app's guess from the header (matching/columns.ts).
 */
function columnsOf(table: SourceTable, column: string | null): ColumnMap {
  const list = table.header.map((name, i) => `${i + 1}. ${name}`).join(', ');
  if (column !== null) {
    const wanted = column.trim().toLowerCase();
    let index = table.header.findIndex((name) => name.trim().toLowerCase() === wanted);
    if (index < 0 && /^\d+$/.test(wanted)) index = Number(wanted) - 1;
    if (index < 0 || index >= table.header.length) {
      throw new FileProblem(`${table.fileName} has no column "${column}". Its columns: ${list}.`);
    }
    return { address: index };
  }
  const guessed = guessColumns(table.header, table.rows);
  if (!namesAPlace(guessed)) {
    throw new FileProblem(
      `No column of ${table.fileName} reads as an address or a place. Its columns: ${list}. Name one with --column.`,
    );
  }
  const named = Object.entries(guessed)
    .map(([role, i]) => `${role} = "${table.header[i]}"`)
    .join(', ');
  console.error(`match: reading ${named} (name another with --column)`);
  return guessed;
}

function openWriter(args: MatchArgs, table: SourceTable, file: string | null): RowWriter {
  const sink = streamSink(file ? fs.createWriteStream(file) : process.stdout);
  const header = exportHeader(table);
  if (args.format === 'xlsx') return xlsxWriter(sink, header, table.header.length);
  return args.format === 'geojson' ? geoJsonWriter(sink, table.header) : csvWriter(sink, header);
}

interface Counts {
  matched: number;
  ambiguous: number;
  unmatched: number;
  seconds: number;
}

/**
 * Every row matched in batches of BATCH, two batches a worker in flight, and written in the file's order as soon
 * as the batches before it are: rows wait in memory only while an earlier batch is still out.
 */
async function matchRows(table: SourceTable, columns: ColumnMap, pool: Piscina, writer: RowWriter): Promise<Counts> {
  const started = performance.now();
  const counts: Counts = { matched: 0, ambiguous: 0, unmatched: 0, seconds: 0 };
  const total = table.rows.length;
  const progress = new Progress(total);
  const batches = Math.ceil(total / BATCH);
  const done = new Map<number, BatchGeocodeResult[]>();
  let next = 0; // the next batch to write
  let handed = 0; // batches handed to the pool
  let written = 0; // rows written
  let writing = Promise.resolve();
  const flush = async () => {
    for (let results = done.get(next); results; results = done.get(next)) {
      done.delete(next);
      const start = next * BATCH;
      const rows = results.map((outcome, i) => {
        counts[outcome.status]++;
        return { cells: exportCells(table.rows[start + i], outcome), outcome };
      });
      next++;
      await writer.write(rows);
      written += rows.length;
      progress.update(written);
    }
  };
  const worker = async () => {
    for (let batch = handed++; batch < batches; batch = handed++) {
      const start = batch * BATCH;
      const rows = table.rows.slice(start, start + BATCH);
      const task: PoolTask = { kind: 'match', addresses: rows.map((row) => addressOf(row, columns)) };
      const results: BatchGeocodeResult[] = await pool.run(task);
      done.set(batch, results);
      writing = writing.then(flush);
      await writing;
    }
  };
  await Promise.all(Array.from({ length: pool.options.maxThreads * 2 }, worker));
  await writing;
  progress.end();
  counts.seconds = (performance.now() - started) / 1000;
  return counts;
}

const n = (count: number) => count.toLocaleString('en-US');

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('src/cli/match.ts')) {
  // Piped into a reader that stops early (`| head`): the rest is not wanted, which is no failure.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error) => {
      console.error('match: failed:', error);
      process.exitCode = 1;
    },
  );
}
