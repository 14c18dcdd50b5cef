import { describe, expect, test } from 'vitest';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { type Batch, batchesToDo, type RunOptions, runMatching } from './run.ts';
import { unmatched } from './test-support.ts';
import type { RowOutcome } from './types.ts';

/** A service that marks each answer with the address it was given, and counts requests. */
function fakeService() {
  const calls: string[][] = [];
  const match = async (addresses: string[]) => {
    calls.push(addresses);
    await new Promise((r) => setTimeout(r, 1));
    return addresses.map((a) => ({ ...unmatched, candidates: [], note: a }) as unknown as BatchGeocodeResult);
  };
  return { calls, match };
}

/** A run of `results` in batches of 10, two at a time; what it saved and reported, and the service it asked. */
function run(
  results: (RowOutcome | null)[],
  service: { match: RunOptions['match'] } = fakeService(),
  signal = new AbortController().signal,
  onProgress: (done: number) => void = () => {},
) {
  const saved: Batch[] = [];
  const progress: number[] = [];
  const done = runMatching({
    rows: results.length,
    isDone: (row) => results[row] !== null,
    addressesOf: (batch) => Array.from({ length: batch.end - batch.start }, (_, i) => `row ${batch.start + i}`),
    batchSize: 10,
    concurrency: 2,
    match: service.match,
    // As the page does: a row a person fixed keeps the fix.
    save: async (batch, answers) => {
      saved.push(batch);
      answers.forEach((answer, i) => {
        if (!results[batch.start + i]?.fixed) results[batch.start + i] = answer;
      });
    },
    onProgress: (n) => {
      progress.push(n);
      onProgress(n);
    },
    signal,
  });
  return { done, saved, progress };
}

describe('runMatching', () => {
  test('matches every row once, in batches, each saved, with progress up to the total', async () => {
    const results: (RowOutcome | null)[] = Array(25).fill(null);
    const service = fakeService();
    const { done, saved, progress } = run(results, service);
    await done;
    expect(service.calls.map((c) => c.length)).toEqual([10, 10, 5]);
    expect(saved.map((b) => b.index).sort()).toEqual([0, 1, 2]);
    expect(progress.at(-1)).toBe(25);
    expect(results.every((r, i) => (r as unknown as { note: string }).note === `row ${i}`)).toBe(true);
  });

  test('a resumed job matches only the batches with rows left, and keeps a fix made meanwhile', async () => {
    const fix: RowOutcome = { ...unmatched, status: 'matched', fixed: true };
    const results: (RowOutcome | null)[] = [...Array(10).fill(unmatched), ...Array(10).fill(null)];
    results[15] = fix;
    expect(batchesToDo(results.length, (row) => results[row] !== null, 10).map((b) => b.index)).toEqual([1]);
    const service = fakeService();
    const { done } = run(results, service);
    await done;
    expect(service.calls).toHaveLength(1);
    expect(service.calls[0][0]).toBe('row 10');
    expect(results[15]).toBe(fix);
  });

  test('cancelling stops the batches on their way and rejects; what came back before is kept', async () => {
    // The first batch is answered; the others wait until the run is cancelled.
    let calls = 0;
    let firstSaved!: () => void;
    const saved = new Promise<void>((resolve) => {
      firstSaved = resolve;
    });
    const service = {
      calls: [] as string[][],
      match: (addresses: string[], signal: AbortSignal) => {
        if (calls++ === 0) return Promise.resolve(addresses.map(() => unmatched));
        return new Promise<BatchGeocodeResult[]>((_, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason));
        });
      },
    };
    const results: (RowOutcome | null)[] = Array(100).fill(null);
    const controller = new AbortController();
    const { done, progress } = run(results, service, controller.signal, firstSaved);
    await saved;
    controller.abort();
    await expect(done).rejects.toThrow();
    expect(progress).toEqual([10]);
    expect(results.filter((r) => r !== null)).toHaveLength(10);
    expect(results.slice(0, 10).every((r) => r === unmatched)).toBe(true);
  });

  test('a failed request stops the run with its error', async () => {
    const failing = {
      calls: [] as string[][],
      match: async () => {
        throw new Error('The service failed');
      },
    };
    await expect(run(Array(5).fill(null), failing).done).rejects.toThrow('The service failed');
  });
});
