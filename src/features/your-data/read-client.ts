import { transfer, wrap } from 'comlink';
import { TableError } from '../../matching/table-error.ts';
import type { SourceTable } from '../../matching/types.ts';
import { TABLE_LIMITS, tooLargeText } from './limits.ts';
import type { ReadWorker } from './read.worker.ts';

/** A file refused, with the sentence that says what to do about it. */
export class UnreadableTable extends Error {
  override readonly name = 'UnreadableTable';
}

/**
 * Reads a chosen file, or a pasted table (as tab-separated text), in a Web Worker ended when it answers. A file
 * over the size limit is refused before its bytes are read.
 */
export async function readTableFile(name: string, blob: Blob): Promise<SourceTable> {
  if (blob.size > TABLE_LIMITS.maxBytes) throw new UnreadableTable(tooLargeText(name, blob.size));
  const bytes = new Uint8Array(await blob.arrayBuffer());
  const worker = new Worker(new URL('./read.worker.ts', import.meta.url), { type: 'module', name: 'read-table' });
  try {
    return await wrap<ReadWorker>(worker).read(name, transfer(bytes, [bytes.buffer]));
  } catch (error) {
    throw new UnreadableTable(
      sentenceOf(name, blob.size, TableError.isSerialised(error) ? TableError.fromJSON(error) : error),
    );
  } finally {
    worker.terminate();
  }
}

function sentenceOf(name: string, size: number, error: unknown): string {
  if (!(error instanceof TableError))
    return `“${name}” could not be read: ${String((error as Error)?.message ?? error)}`;
  switch (error.reason) {
    case 'empty':
      return `“${name}” is empty: give a table with a header row, then a row per place with its code or names and your figures.`;
    case 'header-only':
      return `“${name}” has a header but no rows: add a row per place under it, with its code or names and your figures.`;
    case 'too-large':
      return tooLargeText(name, size);
    case 'too-many-rows':
      return `“${name}” has more rows than a table to put on the map can have (${TABLE_LIMITS.maxRows.toLocaleString('en')}): keep the rows of the places you want to map, and open it again.`;
    default:
      return `“${name}” could not be read: ${error.message}`;
  }
}
