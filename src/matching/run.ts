import type { BatchGeocodeResult } from '../contract/types.ts';
import type { RowOutcome } from './types.ts';

/** One batch's rows: [start, end) of the table, matched in one request and saved as one chunk. */
export interface Batch {
  index: number;
  start: number;
  end: number;
}

/** The batches of a table that still have a row without an outcome: a resumed job matches only those. */
export function batchesToDo(results: readonly (RowOutcome | null)[], size: number): Batch[] {
  const out: Batch[] = [];
  for (let start = 0, index = 0; start < results.length; start += size, index++) {
    const end = Math.min(results.length, start + size);
    if (results.slice(start, end).some((r) => r === null)) out.push({ index, start, end });
  }
  return out;
}

export interface RunOptions {
  /** Every row's outcome so far (null = not matched yet); filled in place as batches come back. */
  results: (RowOutcome | null)[];
  /** The text to match for row i. */
  addressOf: (row: number) => string;
  /** Rows per request and per saved chunk. */
  batchSize: number;
  /** Requests in flight at once. */
  concurrency: number;
  match: (addresses: string[], signal: AbortSignal) => Promise<BatchGeocodeResult[]>;
  /** Saves a batch's outcomes (the whole chunk) before it counts as done. */
  save: (batch: Batch, outcomes: (RowOutcome | null)[]) => Promise<void>;
  /** After each saved batch: how many rows have an outcome. */
  onProgress: (done: number) => void;
  signal: AbortSignal;
}

/**
 * Matches every row without an outcome, `concurrency` batches at a time, saving each batch as it comes back so a
 * closed tab loses at most the batches in flight. A row a person fixed meanwhile keeps the fix. Stops at the
 * first failure (the job can be resumed: done batches are saved) or when `signal` aborts.
 */
export async function runMatching(options: RunOptions): Promise<void> {
  const { results, signal } = options;
  const queue = batchesToDo(results, options.batchSize);
  let done = results.filter((r) => r !== null).length;
  const worker = async () => {
    for (let batch = queue.shift(); batch && !signal.aborted; batch = queue.shift()) {
      const addresses: string[] = [];
      for (let row = batch.start; row < batch.end; row++) addresses.push(options.addressOf(row));
      const answers = await options.match(addresses, signal);
      if (signal.aborted) return;
      if (answers.length !== addresses.length) {
        throw new Error(`The service answered ${answers.length} results for ${addresses.length} addresses`);
      }
      const chunk = answers.map((answer, i) => {
        const row = batch.start + i;
        const before = results[row];
        return before?.fixed ? before : answer;
      });
      await options.save(batch, chunk);
      for (let i = 0; i < chunk.length; i++) {
        if (results[batch.start + i] === null) done++;
        results[batch.start + i] = chunk[i];
      }
      options.onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  signal.throwIfAborted();
}
