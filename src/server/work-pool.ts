/**
 * The HTTP server's worker threads (issue 31: no request stalls another). A batch of addresses and the outlines a
 * reorganization clips take seconds of CPU each; on the event loop they held every other request for as long
 * (30 s for 1,000 junk addresses, 18 s for a detailed preview of 80 provinces). Here they run in a piscina pool,
 * each worker with the dataset read from disk itself, and the main thread only parses, hands over and answers.
 *
 * Each task has a time budget from when it is handed over: past it the answer is a 503 `timeout` and the worker
 * running it is ended (a worker thread cannot be interrupted otherwise) and replaced. Past `workerQueue` tasks
 * waiting, a new one is refused at once with 503 `busy`. A write's drawing (a create's) goes to a worker of its
 * own, never behind the reads nor refused for their load (docs/api-decisions.md, "Heavy work").
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Piscina } from 'piscina';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { ServiceError } from '../service/errors.ts';
import type { BatchMatcher } from '../service/geocode/batch.ts';
import type { OutlineDrawer } from '../service/outline-jobs.ts';
import type { EdgeLimits } from './edge-limits.ts';
import type { PoolTask, WorkerData } from './pool-worker.ts';

export type PoolLimits = Pick<
  EdgeLimits,
  'workers' | 'workerQueue' | 'batchBudgetMs' | 'drawBudgetMs' | 'workerHeapMb' | 'idleTimeoutMs'
>;

/** Seconds a client told `busy` or `timeout` is asked to wait. */
export const POOL_RETRY_SECONDS = 2;

/** Marks the work done for a write (a create), whose drawing is never refused as busy. */
const lane = new AsyncLocalStorage<'write'>();
export const asWrite = <T>(work: () => T): T => lane.run('write', work);

const WORKER = new URL('./pool-worker.ts', import.meta.url);

/**
 * Worker threads over the built data in `dataDir` (pool-worker.ts), each with a heap of `heapMb`: the server's two
 * pools, and `npm run match`'s (src/cli/match.ts).
 */
export function startPool(dataDir: string, threads: number, heapMb: number): Piscina {
  // The worker is TypeScript: under `node --import tsx` it inherits the loader, elsewhere (vitest) it is given.
  const execArgv = process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : ['--import', 'tsx'];
  const pool = new Piscina({
    filename: WORKER.href,
    minThreads: threads,
    maxThreads: threads,
    // The line is capped by WorkPool.run, for the reads only; piscina's own cap is not used.
    maxQueue: Number.MAX_SAFE_INTEGER,
    idleTimeout: Number.POSITIVE_INFINITY,
    // The heap is the worker's own (resourceLimits), not the main thread's flag.
    execArgv: execArgv.filter((arg) => !arg.startsWith('--max-old-space-size')),
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    workerData: { dataDir } satisfies WorkerData,
  });
  // A worker that died (out of memory, ended past its budget) is replaced by piscina; its task is rejected.
  pool.on('error', (error) => console.error('[kapuluan pool] a worker failed:', error));
  return pool;
}

export class WorkPool {
  /** Batches, previews and the geometry of reorganized units asked for by reads. */
  private readonly reads: Piscina;
  /**
   * One worker of their own for the writes' drawing (a create draws its outlines at every detail before it is
   * stored): a create never waits behind the reads' batches and previews, nor is it refused for their line. It
   * holds the code list and the polygon files it read, not the geocoder's index.
   */
  private readonly writes: Piscina;
  private readonly budgets: { batch: number; draw: number };

  constructor(
    dataDir: string,
    readonly limits: PoolLimits,
  ) {
    // A budget past the idle timeout would never be told: the connection, silent meanwhile, is dropped first.
    const most = Math.max(1, limits.idleTimeoutMs - 1000);
    this.budgets = { batch: Math.min(limits.batchBudgetMs, most), draw: Math.min(limits.drawBudgetMs, most) };
    this.reads = startPool(dataDir, limits.workers, limits.workerHeapMb);
    this.writes = startPool(dataDir, 1, limits.workerHeapMb);
  }

  /** POST /v1/geocode/batch's addresses, matched in a worker. */
  readonly matcher: BatchMatcher = (addresses) =>
    this.run<BatchGeocodeResult[]>({ kind: 'match', addresses }, this.budgets.batch, 'a batch');

  /** The outlines one answer needs clipped, drawn in a worker. */
  readonly outlines: OutlineDrawer = (jobs) => this.run({ kind: 'outlines', jobs }, this.budgets.draw, 'the outlines');

  /**
   * Resolves once every worker has read the dataset and built the geocoder's index, with the heap each uses
   * (a task goes to an idle worker first, so the warm-up's tasks reach each of them while they start).
   */
  warm(): Promise<number[]> {
    return Promise.all(
      Array.from({ length: this.limits.workers }, () => this.reads.run({ kind: 'ready' } satisfies PoolTask)),
    );
  }

  private handed = 0;

  /** Tasks handed over and not yet answered (running or waiting for a worker). */
  get inFlight(): number {
    return this.handed;
  }

  private closed = false;

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([this.reads.destroy(), this.writes.destroy()]);
  }

  private async run<T>(task: PoolTask, budgetMs: number, what: string): Promise<T> {
    const pool = lane.getStore() === 'write' ? this.writes : this.reads;
    if (pool === this.reads && pool.queueSize >= this.limits.workerQueue) throw poolBusy();
    const signal = AbortSignal.timeout(budgetMs);
    this.handed += 1;
    try {
      return (await pool.run(task, { signal })) as T;
    } catch (error) {
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
  new ServiceError(503, 'busy', 'The server is busy with other batches and drawings; try again shortly', {
    retry_after_seconds: POOL_RETRY_SECONDS,
  });

const overBudget = (what: string, budgetMs: number) =>
  new ServiceError(
    503,
    'timeout',
    `The server could not finish ${what} within ${budgetMs / 1000} s; try again shortly, or send less at once`,
    { budget_ms: budgetMs, retry_after_seconds: POOL_RETRY_SECONDS },
  );
