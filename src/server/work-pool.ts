/**
 * The HTTP server's worker threads: no request stalls another. Geocoding (one address, or a batch of them) and the
 * outlines a reorganization clips take milliseconds to seconds of CPU each; on the event loop they held every
 * other request for as long (30 s for 1,000 junk addresses, 18 s for a detailed preview of 80 provinces; one key's
 * 45 long geocodes a second put others' cached lists at 2 s). Here they run in piscina pools, each worker with the
 * dataset read from disk itself, and the main thread only parses, hands over and answers.
 *
 * The read workers take their tasks from a fair line (fair-line.ts): each key a share of the workers and of the
 * line, and drawing outlines a lane of its own. Each task has a time budget from when it is handed over: past it
 * the answer is a 503 `timeout` and the worker running it is ended (a worker thread cannot be interrupted
 * otherwise) and replaced. A line that is full is a 503 `busy` at once. Until every read worker has built the
 * geocoder's index (`warm`), their tasks are a 503 `starting`, never held. A write's drawing (a create's, and the
 * outlines of stored reorganizations drawn at start) goes to a worker of its own, which holds no index, never
 * behind the reads nor refused for their load (docs/api-decisions.md, "Heavy work").
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Piscina } from 'piscina';
import { ServiceError } from '../service/errors.ts';
import type { BatchMatcher } from '../service/geocode/batch.ts';
import type { GeocodeHits, MatchHits } from '../service/geocode/search.ts';
import type { OutlineDrawer } from '../service/outline-jobs.ts';
import type { EdgeLimits } from './edge-limits.ts';
import { FairLine, FullLine, type Lane } from './fair-line.ts';
import type { PoolTask, WorkerData } from './pool-worker.ts';

export type PoolLimits = Pick<
  EdgeLimits,
  'workers' | 'workerQueue' | 'batchBudgetMs' | 'drawBudgetMs' | 'workerHeapMb' | 'idleTimeoutMs'
>;

/** Seconds a client told `busy`, `timeout` or `starting` is asked to wait. */
export const POOL_RETRY_SECONDS = 2;

/** Whose work a task is: the key's id (its share of the read workers), and whether it is a write's drawing. */
export interface Caller {
  owner: string;
  write?: boolean;
}
const callers = new AsyncLocalStorage<Caller>();
/** Runs `work` as `caller`'s: what it hands to the pool counts against that key's share, or is a write's. */
export const asCaller = <T>(caller: Caller, work: () => T): T => callers.run(caller, work);

const WORKER = new URL('./pool-worker.ts', import.meta.url);

/**
 * The server's workers' niceness: below the thread that answers, which then has the CPU whenever it has something
 * to answer, however busy they are (on 2 cores, two workers busy and the main thread share them otherwise).
 */
export const WORKER_NICE = 10;

/**
 * Worker threads over the built data in `dataDir` (pool-worker.ts), each with a heap of `heapMb`; unless `geocoder`
 * is false, the geocoder's index built as soon as the data is read; and `nice`, its thread's niceness: the
 * server's two pools, and `npm run match`'s (src/cli/match.ts).
 */
export function startPool(
  dataDir: string,
  threads: number,
  heapMb: number,
  { geocoder = true, nice }: { geocoder?: boolean; nice?: number } = {},
): Piscina {
  // The worker is TypeScript: under `node --import tsx` it inherits the loader, elsewhere (vitest) it is given.
  const execArgv = process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : ['--import', 'tsx'];
  const pool = new Piscina({
    filename: WORKER.href,
    minThreads: threads,
    maxThreads: threads,
    // The server's line is its own (fair-line.ts); piscina's own cap is not used.
    maxQueue: Number.MAX_SAFE_INTEGER,
    idleTimeout: Number.POSITIVE_INFINITY,
    // The heap is the worker's own (resourceLimits), not the main thread's flag.
    execArgv: execArgv.filter((arg) => !arg.startsWith('--max-old-space-size')),
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    workerData: { dataDir, geocoder, nice } satisfies WorkerData,
  });
  // A worker that died (out of memory, ended past its budget) is replaced by piscina; its task is rejected.
  pool.on('error', (error) => console.error('[kapuluan pool] a worker failed:', error));
  return pool;
}

export class WorkPool {
  /** Geocodes, batches, previews and the geometry of reorganized units asked for by reads. */
  private readonly reads: Piscina;
  /**
   * One worker of its own for the writes' drawing (a create draws its outlines at every detail before it is
   * stored) and the start's: never behind the reads' work, nor refused for their line. It holds the code list and
   * the polygon files it read, not the geocoder's index.
   */
  private readonly writes: Piscina;
  private readonly line: FairLine;
  private readonly budgets: { batch: number; draw: number };
  private warmed = false;
  private closed = false;
  private handed = 0;

  constructor(
    dataDir: string,
    readonly limits: PoolLimits,
  ) {
    // A budget past the idle timeout would never be told: the connection, silent meanwhile, is dropped first.
    const most = Math.max(1, limits.idleTimeoutMs - 1000);
    this.budgets = { batch: Math.min(limits.batchBudgetMs, most), draw: Math.min(limits.drawBudgetMs, most) };
    this.reads = startPool(dataDir, limits.workers, limits.workerHeapMb, { nice: WORKER_NICE });
    this.writes = startPool(dataDir, 1, limits.workerHeapMb, { geocoder: false, nice: WORKER_NICE });
    this.line = new FairLine({ slots: limits.workers, queue: limits.workerQueue });
  }

  /** POST /v1/geocode/batch's addresses, matched in a worker. */
  readonly matcher: BatchMatcher = (addresses) =>
    this.run<MatchHits[]>({ kind: 'match', addresses }, 'work', this.budgets.batch, 'a batch');

  /** GET /v1/geocode's answer, worked out in a worker. */
  readonly search = (q: string, limit: number) =>
    this.run<GeocodeHits>({ kind: 'geocode', q, limit }, 'work', this.budgets.batch, 'the geocode');

  /** The outlines one answer needs clipped, drawn in a worker. */
  readonly outlines: OutlineDrawer = (jobs) =>
    this.run({ kind: 'outlines', jobs }, 'draw', this.budgets.draw, 'the outlines');

  /**
   * Resolves once every read worker has read the dataset and built the geocoder's index, with the heap each uses
   * (a task goes to an idle worker first, so the warm-up's tasks reach each of them while they start); until then
   * their tasks are refused `starting`.
   */
  async warm(): Promise<number[]> {
    const heaps = await Promise.all(
      Array.from({ length: this.limits.workers }, () => this.reads.run({ kind: 'ready' } satisfies PoolTask)),
    );
    this.warmed = true;
    return heaps as number[];
  }

  /** Whether the read workers are warm, and how many of them are up now. */
  get state() {
    return { warm: this.warmed, workers: this.reads.threads.length, of: this.limits.workers, closed: this.closed };
  }

  /** Tasks handed over and not yet answered (running or waiting for a worker). */
  get inFlight(): number {
    return this.handed;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.reads.destroy(), this.writes.destroy()]);
  }

  private async run<T>(task: PoolTask, lane: Lane, budgetMs: number, what: string): Promise<T> {
    const caller = callers.getStore() ?? { owner: '' };
    if (this.closed) throw poolBusy();
    if (!caller.write && !this.warmed) throw starting();
    const signal = AbortSignal.timeout(budgetMs);
    this.handed += 1;
    try {
      if (caller.write) return (await this.writes.run(task, { signal })) as T;
      return await this.line.run(caller.owner, lane, () => this.reads.run(task, { signal }) as Promise<T>, signal);
    } catch (error) {
      if (error instanceof FullLine) throw poolBusy();
      if (signal.aborted) throw overBudget(what, budgetMs);
      // A task still running when the server stops: its client is told to come back, nothing failed.
      if (this.closed) throw poolBusy();
      throw error;
    } finally {
      this.handed -= 1;
    }
  }
}

const poolBusy = () =>
  new ServiceError(503, 'busy', 'The server is busy with other geocodes, batches and drawings; try again shortly', {
    retry_after_seconds: POOL_RETRY_SECONDS,
  });

const starting = () =>
  new ServiceError(503, 'starting', 'The server is starting: its geocoder is being built; try again shortly', {
    retry_after_seconds: POOL_RETRY_SECONDS,
  });

const overBudget = (what: string, budgetMs: number) =>
  new ServiceError(
    503,
    'timeout',
    `The server could not finish ${what} within ${budgetMs / 1000} s; try again shortly, or send less at once`,
    { budget_ms: budgetMs, retry_after_seconds: POOL_RETRY_SECONDS },
  );
