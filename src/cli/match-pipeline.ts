/**
 * The rows of `npm run match` from the reader to the writer (a million rows without running out of
 * memory). Rows come in as the file is read, go out to the matcher a batch at a time, and are written in the
 * file's order as soon as the batches before them are. A row is held only from its batch's start to its write:
 * `push` waits while `maxHeld` batches are out or waiting behind an earlier one, and the reader, which awaits
 * `push`, reads no further meanwhile.
 */
import type { BatchGeocodeResult } from '../contract/types.ts';
import { addressOf } from '../matching/columns.ts';
import { exportCells } from '../matching/export-rows.ts';
import type { OutRow } from '../matching/export-stream.ts';
import type { ColumnMap } from '../matching/types.ts';

export interface PipelineOptions {
  columns: ColumnMap;
  /** Rows per batch handed to the matcher. */
  batchSize: number;
  /** Batches held at once: sent to the matcher, or back and waiting for an earlier one to be written. */
  maxHeld: number;
  /** The answers for a batch's addresses, in order. */
  match: (addresses: string[]) => Promise<BatchGeocodeResult[]>;
  /** Writes rows in the file's order; settles when the output can take more. */
  write: (rows: OutRow[]) => Promise<void>;
  /** After each batch written: how many rows have been. */
  onWritten?: (rows: number) => void;
  /** Each time a batch is sent: how many are held, that one included. For tests of the bound. */
  onHeld?: (held: number) => void;
}

export interface StatusCounts {
  matched: number;
  ambiguous: number;
  unmatched: number;
}

interface Answered {
  rows: string[][];
  results: BatchGeocodeResult[];
}

export class MatchPipeline {
  readonly counts: StatusCounts = { matched: 0, ambiguous: 0, unmatched: 0 };
  /** Rows written so far. */
  written = 0;
  /** Rows of the batch being filled. */
  private filling: string[][] = [];
  private sent = 0;
  /** The next batch to write. */
  private next = 0;
  private held = 0;
  private readonly answered = new Map<number, Answered>();
  private writing: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  private waiters: (() => void)[] = [];

  constructor(private readonly options: PipelineOptions) {}

  /** Takes rows in the file's order, each as long as the header; settles when more may come. */
  async push(rows: readonly string[][]): Promise<void> {
    for (const row of rows) {
      this.filling.push(row);
      if (this.filling.length >= this.options.batchSize) await this.send();
    }
  }

  /** Sends the last rows and settles once every row is written; rejects with the first failure. */
  async finish(): Promise<void> {
    if (this.filling.length > 0) await this.send();
    while (this.held > 0 && !this.failure) await this.changed();
    this.throwIfFailed();
  }

  private async send(): Promise<void> {
    while (this.held >= this.options.maxHeld && !this.failure) await this.changed();
    this.throwIfFailed();
    const rows = this.filling;
    this.filling = [];
    const index = this.sent++;
    this.held++;
    this.options.onHeld?.(this.held);
    const addresses = rows.map((row) => addressOf(row, this.options.columns));
    this.options
      .match(addresses)
      .then((results) => {
        if (results.length !== rows.length) {
          throw new Error(`The matcher answered ${results.length} results for ${rows.length} addresses`);
        }
        this.answered.set(index, { rows, results });
        this.writing = this.writing.then(() => this.flush());
        return this.writing;
      })
      .catch((error) => this.fail(error));
  }

  /** Writes the answered batches that come next in the file, in order. */
  private async flush(): Promise<void> {
    for (let batch = this.answered.get(this.next); batch && !this.failure; batch = this.answered.get(this.next)) {
      this.answered.delete(this.next);
      this.next++;
      const out = batch.results.map((outcome, i) => {
        this.counts[outcome.status]++;
        return { cells: exportCells(batch.rows[i], outcome), outcome };
      });
      await this.options.write(out);
      this.written += out.length;
      this.held--;
      this.options.onWritten?.(this.written);
      this.wake();
    }
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
    this.wake();
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  /** Settles at the next batch written, or a failure. */
  private changed(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
