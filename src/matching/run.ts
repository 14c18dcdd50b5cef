import type { BatchGeocodeResult } from '../contract/types.ts';

/** One batch's rows: [start, end) of the table, matched in one request and saved as one chunk. */
export interface Batch {
  index: number;
  start: number;
  end: number;
}

/** The batches of a table that still have a row without an outcome: a resumed job matches only those. */
export function batchesToDo(rows: number, isDone: (row: number) => boolean, size: number): Batch[] {
  const out: Batch[] = [];
  for (let start = 0, index = 0; start < rows; start += size, index++) {
    const end = Math.min(rows, start + size);
    for (let row = start; row < end; row++) {
      if (!isDone(row)) {
        out.push({ index, start, end });
        break;
      }
    }
  }
  return out;
}

export interface RunOptions {
  /** How many rows the table has. */
  rows: number;
  /** Whether a row has an outcome already (matched before, or fixed by a person). */
  isDone: (row: number) => boolean;
  /** The texts to match for a batch's rows, in order (read from wherever the rows are kept). */
  addressesOf: (batch: Batch) => Promise<string[]> | string[];
  /** Rows per request and per saved chunk. */
  batchSize: number;
  /** Requests in flight at once. */
  concurrency: number;
  match: (addresses: string[], signal: AbortSignal) => Promise<BatchGeocodeResult[]>;
  /**
   * Saves a batch's answers (the whole chunk) and takes them as the rows' outcomes, but for a row a person fixed
   * meanwhile, which keeps the fix. The batch counts as done when it resolves.
   */
  save: (batch: Batch, answers: BatchGeocodeResult[]) => Promise<void>;
  /** After each saved batch: how many rows have an outcome. */
  onProgress: (done: number) => void;
  signal: AbortSignal;
}

/**
 * Matches every row without an outcome, `concurrency` batches at a time, saving each batch as it comes back so a
 * closed tab loses at most the batches in flight. Stops at the first failure (the job can be resumed: done
 * batches are saved) or when `signal` aborts.
 */
export async function runMatching(options: RunOptions): Promise<void> {
  const { signal, isDone } = options;
  const queue = batchesToDo(options.rows, isDone, options.batchSize);
  let done = 0;
  for (let row = 0; row < options.rows; row++) if (isDone(row)) done++;
  const worker = async () => {
    for (let batch = queue.shift(); batch && !signal.aborted; batch = queue.shift()) {
      const addresses = await options.addressesOf(batch);
      signal.throwIfAborted();
      const answers = await options.match(addresses, signal);
      if (signal.aborted) return;
      if (answers.length !== addresses.length) {
        throw new Error(`The service answered ${answers.length} results for ${addresses.length} addresses`);
      }
      let before = 0;
      for (let row = batch.start; row < batch.end; row++) if (isDone(row)) before++;
      await options.save(batch, answers);
      done += batch.end - batch.start - before;
      options.onProgress(done);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
  signal.throwIfAborted();
}
