/**
 * Where `npm run match` writes the matched rows, a batch at a time and in the file's order: the app's own export
 * writers (matching/export-stream.ts: the same header, cells, escaping, features and workbook, byte for byte),
 * over a Node stream, so a million rows never become one string (V8 caps one at 512 MB) or one workbook.
 */

import { once } from 'node:events';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import type { ByteSink } from '../matching/export-stream.ts';

export type { OutRow, RowWriter } from '../matching/export-stream.ts';

/**
 * A Node stream as an export's sink: a write settles when the stream takes more (back-pressure through
 * `drain`), and a stream's error rejects the write waiting on it. Standard output is left open at the close, as
 * the process still needs it.
 */
export function streamSink(out: Writable): ByteSink {
  let failed: Error | null = null;
  out.on('error', (error) => {
    failed = error;
  });
  const settle = async (event: 'drain' | 'finish') => {
    if (failed) throw failed;
    await once(out, event); // rejects on 'error'
  };
  return {
    async write(part) {
      if (failed) throw failed;
      if (!out.write(part)) await settle('drain');
    },
    async close() {
      if (out === process.stdout) return;
      out.end();
      await settle('finish');
    },
  };
}

/** A file written beside its final name and renamed when whole, so a failed run leaves no half file behind. */
export function partialFile(final: string): { path: string; keep(): void; drop(): void } {
  const partial = `${final}.partial-${process.pid}`;
  return {
    path: partial,
    keep: () => fs.renameSync(partial, final),
    drop: () => fs.rmSync(partial, { force: true }),
  };
}
