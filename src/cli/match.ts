/**
 * `npm run match -- in.csv [--out out.csv] [--column address]`: the app's "Match a file" without a browser, for
 * data engineers and scheduled jobs. The same reader (matching/read-stream.ts), column guess
 * (matching/columns.ts), matcher (the HTTP server's batch workers, server/pool-worker.ts: the service's
 * matchAddress, one thread per core) and export writers (matching/export-stream.ts), so a row gets the status,
 * place and confidence the app gives it. The file is read as a stream, twice (match-input.ts), and only the rows
 * in flight are held (match-pipeline.ts), so its size is bounded by the disk, not the memory.
 *
 * On a terminal, standard error shows a progress line; piped or redirected, nothing but the summary at the end.
 * Exit status: 0 done, 1 the file or the data could not be read (the message says which and why), 2 the command
 * line was wrong.
 */
import fs from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { guessColumns, namesAPlace } from '../matching/columns.ts';
import { exportHeader } from '../matching/export-rows.ts';
import {
  csvWriter,
  geoJsonWriter,
  type RowWriter,
  TOO_MANY_ROWS,
  XLSX_MAX_ROWS,
  XlsxTooLarge,
  xlsxWriter,
} from '../matching/export-stream.ts';
import type { TableMeta } from '../matching/read-stream.ts';
import { TableError } from '../matching/read-table.ts';
import type { ColumnMap } from '../matching/types.ts';
import { DATA_DIR } from '../server/disk.ts';
import type { PoolTask } from '../server/pool-worker.ts';
import { startPool } from '../server/work-pool.ts';
import { type MatchArgs, parseMatchArgs, USAGE, UsageError } from './match-args.ts';
import { FileProblem, type Input, openInput, readRows } from './match-input.ts';
import { partialFile, streamSink } from './match-output.ts';
import { MatchPipeline } from './match-pipeline.ts';
import { Progress } from './progress.ts';

/** Each worker's heap: the server's (edge-limits.ts), which holds the data, the index and a batch in flight. */
const WORKER_HEAP_MB = 1024;
/** Rows per task handed to a worker: the app's batch size. */
const BATCH = 500;
/**
 * Batches held at once per worker thread: two in flight (one matched while the other's answers come back), and
 * as many again back and waiting behind a slower one to be written. A batch is 500 rows: the rows in memory are
 * a few thousand, whatever the file's size.
 */
const HELD_PER_THREAD = 4;

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
  // The first pass: a bad file is refused, and the columns chosen, before a worker starts or a row is matched.
  const input = await openInput(args.input, given.input);
  const { meta } = input;
  const columns = columnsOf(meta, input.sample, args.column);
  // Told before any row is matched; the writer would refuse the row past the last only once it came.
  if (args.format === 'xlsx' && meta.rowCount > XLSX_MAX_ROWS) {
    throw new FileProblem(`${given.input} has ${n(meta.rowCount)} rows. ${TOO_MANY_ROWS}`);
  }
  if (!fs.existsSync(path.join(DATA_DIR, 'manifest.json'))) {
    throw new FileProblem(`No built data at ${DATA_DIR}: run npm run data (npm run match builds it when it can).`);
  }
  const threads = args.threads ?? availableParallelism();
  const pool = startPool(DATA_DIR, threads, WORKER_HEAP_MB);
  const file = args.out === null ? null : partialFile(args.out);
  try {
    const writer = openWriter(args, meta, file?.path ?? null);
    const started = performance.now();
    const progress = new Progress(meta.rowCount);
    const pipeline = new MatchPipeline({
      columns,
      batchSize: BATCH,
      maxHeld: threads * HELD_PER_THREAD,
      match: (addresses): Promise<BatchGeocodeResult[]> =>
        pool.run({ kind: 'match', addresses, codeList: true } satisfies PoolTask),
      write: (rows) => writer.write(rows),
      onWritten: (rows) => progress.update(rows),
    });
    await matchAll(input, given.input, pipeline);
    await writer.end();
    progress.end();
    file?.keep();
    const seconds = (performance.now() - started) / 1000;
    const { matched, ambiguous, unmatched } = pipeline.counts;
    const rows = pipeline.written;
    const where = given.out ? ` into ${given.out}` : '';
    console.error(
      `match: ${n(rows)} rows of ${given.input} matched${where} in ${seconds.toFixed(1)} s ` +
        `(${n(Math.round(rows / seconds))} rows/s, ${threads} threads): ` +
        `${n(matched)} matched, ${n(ambiguous)} ambiguous, ${n(unmatched)} unmatched.`,
    );
  } catch (error) {
    file?.drop();
    throw error;
  } finally {
    await pool.destroy();
  }
}

/**
 * The second pass: every row into the pipeline as it is read. The reader awaits each push, so it reads no further
 * while the pipeline holds its most; a failure on either side stops both.
 */
async function matchAll(input: Input, name: string, pipeline: MatchPipeline): Promise<void> {
  await readRows(input, name, (rows) => pipeline.push(rows));
  await pipeline.finish();
}

/**
 * Which columns make a row's address: the one --column names (by header, without case or surrounding spaces, or
 * by number), else the app's guess from the header and the first rows (matching/columns.ts).
 */
function columnsOf(meta: TableMeta, sample: string[][], column: string | null): ColumnMap {
  const list = meta.header.map((name, i) => `${i + 1}. ${name}`).join(', ');
  if (column !== null) {
    const wanted = column.trim().toLowerCase();
    let index = meta.header.findIndex((name) => name.trim().toLowerCase() === wanted);
    if (index < 0 && /^\d+$/.test(wanted)) index = Number(wanted) - 1;
    if (index < 0 || index >= meta.header.length) {
      throw new FileProblem(`${meta.fileName} has no column "${column}". Its columns: ${list}.`);
    }
    return { address: index };
  }
  const guessed = guessColumns(meta.header, sample);
  if (!namesAPlace(guessed)) {
    throw new FileProblem(
      `No column of ${meta.fileName} reads as an address or a place. Its columns: ${list}. Name one with --column.`,
    );
  }
  const named = Object.entries(guessed)
    .map(([role, i]) => `${role} = "${meta.header[i]}"`)
    .join(', ');
  console.error(`match: reading ${named} (name another with --column)`);
  return guessed;
}

function openWriter(args: MatchArgs, meta: TableMeta, file: string | null): RowWriter {
  const sink = streamSink(file ? fs.createWriteStream(file) : process.stdout);
  const header = exportHeader(meta);
  if (args.format === 'xlsx') return xlsxWriter(sink, header, meta.header.length);
  return args.format === 'geojson' ? geoJsonWriter(sink, meta.header) : csvWriter(sink, header);
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
