/**
 * The command line's rows from the reader to the writer: every row written once and in order whatever order the
 * answers come in, and only the batches in flight held, the reader waiting meanwhile, so memory follows the
 * batches, not the file. Driven by the app's own stream reader over a file of 200,000 rows, with a
 * matcher the test answers; nothing is timed.
 */
import { describe, expect, test } from 'vitest';
import type { BatchGeocodeResult } from '../contract/types.ts';
import type { OutRow } from '../matching/export-stream.ts';
import { padRow, readTableStream, type StreamedFile } from '../matching/read-stream.ts';
import { streamOfBytes } from '../matching/stream-chunks.ts';
import { MatchPipeline, type PipelineOptions } from './match-pipeline.ts';

/** About 5 MB of text. */
const ROWS = 200_000;

const unmatched = (): BatchGeocodeResult => ({ status: 'unmatched', match: null, candidates: [] });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/**
 * A CSV of `rows` addresses, read 64 KiB at a time as Node reads a file. The reader takes the first 1 Mi
 * characters whole to find the separator (read-delimited.ts), so a file must be well past that to show the rest
 * is not read.
 */
function csvFile(rows: number): StreamedFile {
  const lines = ['id,address'];
  for (let i = 0; i < rows; i++) lines.push(`${i},"Lahug, Cebu City"`);
  const bytes = new TextEncoder().encode(lines.join('\n'));
  return { name: 'big.csv', size: bytes.byteLength, stream: () => streamOfBytes(bytes, 64 * 1024) };
}

/** Lets every promise and I/O callback that could run, run: a reader not held back would read on meanwhile. */
async function settle(turns = 200): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((resolve) => setImmediate(resolve));
}

function pipeline(options: Partial<PipelineOptions> & Pick<PipelineOptions, 'match'>) {
  const written: OutRow[] = [];
  let peak = 0;
  const it = new MatchPipeline({
    columns: { address: 1 },
    batchSize: 500,
    maxHeld: 4,
    write: async (rows) => {
      written.push(...rows);
    },
    ...options,
    onHeld: (held) => {
      peak = Math.max(peak, held);
      options.onHeld?.(held);
    },
  });
  return { it, written, peak: () => peak };
}

describe('the rows of npm run match', () => {
  test("are written once each, in the file's order, whichever batch is answered first", async () => {
    const answers: { addresses: string[]; answer: ReturnType<typeof deferred<BatchGeocodeResult[]>> }[] = [];
    const { it, written } = pipeline({
      batchSize: 3,
      match: (addresses) => {
        const answer = deferred<BatchGeocodeResult[]>();
        answers.push({ addresses, answer });
        return answer.promise;
      },
    });
    const rows = Array.from({ length: 10 }, (_, i) => [String(i), `Barangay ${i}, Cebu City`]);
    await it.push(rows);
    const finished = it.finish();
    await settle(5);
    expect(answers.map((a) => a.addresses.length)).toEqual([3, 3, 3, 1]);
    for (const { addresses, answer } of answers.reverse()) answer.resolve(addresses.map(unmatched));
    await finished;
    expect(written.map((row) => row.cells.slice(0, 2))).toEqual(rows);
    expect([it.written, it.counts.unmatched]).toEqual([10, 10]);
  });

  test('hold at most maxHeld batches: while the first is out, the reader reads no further', async () => {
    const file = csvFile(ROWS);
    const first = deferred<BatchGeocodeResult[]>();
    const full = deferred<void>();
    let sent = 0;
    let handedOn = 0;
    let bytesRead = 0;
    const { it, written, peak } = pipeline({
      match: async (addresses) => (sent++ === 0 ? first.promise : addresses.map(unmatched)),
      onHeld: (held) => {
        if (held === 4) full.resolve();
      },
    });
    const reading = readTableStream(
      file,
      (rows) => {
        handedOn += rows.length;
        return it.push(rows.map((row) => padRow(row, 2)));
      },
      { onProgress: (bytes) => (bytesRead = bytes) },
    ).then(() => it.finish());

    await full.promise;
    await settle();
    // Four batches out or waiting behind the first, and the fifth filled: the rest of the file is still unread.
    expect([sent, it.written, handedOn]).toEqual([4, 0, 5 * 500]);
    expect(bytesRead).toBeLessThan(file.size / 2);

    first.resolve(Array.from({ length: 500 }, unmatched));
    await reading;
    expect(it.written).toBe(ROWS);
    expect(written.map((row) => row.cells[0])).toEqual(Array.from({ length: ROWS }, (_, i) => String(i)));
    expect(peak()).toBe(4);
  });

  test("stop the reading at a batch the matcher fails, with the matcher's error", async () => {
    const file = csvFile(ROWS);
    let sent = 0;
    let bytesRead = 0;
    const { it } = pipeline({
      match: async (addresses) => {
        if (sent++ === 2) throw new Error('worker died');
        return addresses.map(unmatched);
      },
    });
    const reading = readTableStream(file, (rows) => it.push(rows.map((row) => padRow(row, 2))), {
      onProgress: (bytes) => (bytesRead = bytes),
    }).then(() => it.finish());
    await expect(reading).rejects.toThrow('worker died');
    expect(bytesRead).toBeLessThan(file.size / 2);
  });
});
