import { type Remote, wrap } from 'comlink';
import type { BatchMatcher } from '../service/geocode-batch.ts';
import type { MatchWorker } from './match-worker.ts';

/**
 * Batches of the built-in service's POST /v1/geocode/batch, matched in Web Workers: msw answers on the page's main
 * thread, and a thousand addresses take about a second, long enough to freeze the page. One worker per core but
 * one (at least one, at most four), started by the first batch; each batch goes to the worker with the fewest
 * batches waiting, so two batches in flight match at once.
 */
export function workerMatcher(base: string, size = defaultSize()): BatchMatcher {
  const workers: { remote: Remote<MatchWorker>; waiting: number }[] = [];
  return async (addresses) => {
    if (workers.length < size && workers.every((w) => w.waiting > 0)) {
      const worker = new Worker(new URL('./match-worker.ts', import.meta.url), { type: 'module', name: 'match' });
      workers.push({ remote: wrap<MatchWorker>(worker), waiting: 0 });
    }
    const worker = workers.reduce((a, b) => (b.waiting < a.waiting ? b : a));
    worker.waiting++;
    try {
      return await worker.remote.match(base, addresses);
    } finally {
      worker.waiting--;
    }
  };
}

const defaultSize = () => Math.min(4, Math.max(1, (navigator.hardwareConcurrency || 2) - 1));
