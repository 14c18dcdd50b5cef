import type { Remote } from 'comlink';
import type { BatchMatcher } from '../service/geocode/batch.ts';
import type { Searcher } from '../service/geocoders.ts';
import type { MatchWorker } from './match-worker.ts';

/** How long a worker with nothing to do keeps its index (about 100 MB) before it is let go. */
const IDLE_MS = 10_000;

/**
 * Batches of the built-in service's POST /v1/geocode/batch, matched in Web Workers: msw answers on the page's main
 * thread, and a thousand addresses take about a second, long enough to freeze the page. One worker per core but
 * one (at least two, at most four), started by the first batch; each batch goes to the worker with the fewest
 * batches waiting, so two batches in flight match at once. Workers are ended once idle: each holds the dataset
 * and the geocoder's index, and a file is matched in one go.
 */
export function workerMatcher(base: string, size = defaultSize()): BatchMatcher & { release(): void } {
  interface Slot {
    worker: Worker;
    remote: Remote<MatchWorker>;
    waiting: number;
  }
  let slots: Slot[] = [];
  let idle: ReturnType<typeof setTimeout> | undefined;
  const endAll = () => {
    for (const slot of slots) slot.worker.terminate();
    slots = [];
  };
  let releasing = false;
  const match: BatchMatcher = async (addresses) => {
    clearTimeout(idle);
    releasing = false;
    // comlink comes with the first batch: the service's chunk is on the first screen's path, matching is not.
    // It is awaited before the count is read: batches sent together would each see no worker yet, and each
    // start one (four workers on two cores, each with its own index, was the tab's peak memory).
    const { wrap } = await import('comlink');
    if (slots.length < size && slots.every((s) => s.waiting > 0)) {
      const worker = new Worker(new URL('./match-worker.ts', import.meta.url), { type: 'module', name: 'match' });
      slots.push({ worker, remote: wrap<MatchWorker>(worker), waiting: 0 });
    }
    const slot = slots.reduce((a, b) => (b.waiting < a.waiting ? b : a));
    slot.waiting++;
    try {
      return await slot.remote.match(base, addresses);
    } finally {
      slot.waiting--;
      if (slots.every((s) => s.waiting === 0)) {
        if (releasing) endAll();
        else idle = setTimeout(endAll, IDLE_MS);
      }
    }
  };
  /** A file is done: the workers end now (or once their last batch is back) rather than after the idle time. */
  const release = () => {
    clearTimeout(idle);
    releasing = true;
    if (slots.every((s) => s.waiting === 0)) endAll();
  };
  return Object.assign(match, { release });
}

/**
 * The built-in service's searches (GET /v1/geocode beyond the stored answers to typed names), answered by one Web
 * Worker started by the first of them and kept for the page's life, with its index: built on the page's main
 * thread, the index held every key typed meanwhile (22 characters took 6 s on a cold phone page).
 */
export function workerSearcher(base: string): Searcher {
  let remote: Promise<Remote<MatchWorker>> | undefined;
  return async (query) => {
    remote ??= import('comlink').then(({ wrap }) =>
      wrap<MatchWorker>(new Worker(new URL('./match-worker.ts', import.meta.url), { type: 'module', name: 'search' })),
    );
    return (await remote).search(base, query);
  };
}

const defaultSize = () => Math.min(4, Math.max(2, (navigator.hardwareConcurrency || 2) - 1));
