/**
 * A file read as a stream into batches of rows, for files too large to hold (a million rows in the
 * browser, written to IndexedDB as they come). Every rule of reading is here once; readTable (read-table.ts)
 * collects what this hands on. The decisions the rules make are listed in read-table.ts.
 *
 * Delimited text is read twice from the file, never held: once to decide the encoding (a BOM, else whether all of
 * it is UTF-8), then to parse it a chunk at a time. An XLSX workbook is read whole (exceljs has no cheap streaming
 * reader), under its own byte limit, and its rows handed on in batches the same way.
 */
import { readDelimited } from './read-delimited.ts';
import { type OnRows, RowShaper } from './shape-table.ts';
import { detectEncoding, isZip, NUL_WINDOW, sniffKind, type TextEncoding } from './sniff.ts';
import { concatBytes, readHead, streamChunks } from './stream-chunks.ts';
import { BROWSER_LIMITS, checkByteSize, type TableLimits } from './table-error.ts';
import type { SourceTable } from './types.ts';

export { BATCH_ROWS, type OnRows, padRow } from './shape-table.ts';

export interface StreamedFile {
  name: string;
  size: number;
  /** A fresh stream of the bytes each call (a File's `.stream()`). */
  stream(): ReadableStream<Uint8Array>;
}

/** A SourceTable without its rows, and the number of them (after the header). */
export interface TableMeta extends Omit<SourceTable, 'rows' | 'headerDetected'> {
  headerDetected: boolean;
  rowCount: number;
}

export interface StreamOptions {
  /** The browser's limits unless given (the command line reads larger files). */
  limits?: TableLimits;
  /** Bytes of the file read so far, after each chunk of the pass that parses it. */
  onProgress?: (bytesRead: number) => void;
  /** Stops the reading: the file's stream is cancelled and the signal's reason thrown. */
  signal?: AbortSignal;
}

/**
 * Reads a file, handing its body rows (the header left out when there is one) to `onRows` in order, in batches of
 * at most BATCH_ROWS, each awaited before more of the file is read. Rows come trimmed, empty ones dropped, and not
 * padded: the width is known only at the end, so the reader pads each to `header.length` (padRow).
 *
 * Throws TableError for a file it refuses. A refusal can come after rows were handed on (a row limit passed,
 * which is counted to the end of the file; a quote never closed): the caller drops what it was given.
 */
export async function readTableStream(
  file: StreamedFile,
  onRows: OnRows,
  { limits = BROWSER_LIMITS, onProgress, signal }: StreamOptions = {},
): Promise<TableMeta> {
  signal?.throwIfAborted();
  checkByteSize(file.size, limits);
  const shaper = new RowShaper(limits, onRows, signal);
  const first = streamChunks(file.stream(), { signal });
  let encoding: TextEncoding;
  try {
    const { head } = await readHead(first, NUL_WINDOW);
    if (isZip(head)) {
      checkByteSize(file.size, limits, 'xlsx');
      const bytes = await readRest(head, first, onProgress);
      // A zip that is not a workbook (ODS, Word, an archive) is refused for what it is.
      sniffKind(file.name, bytes);
      // exceljs (about 900 KB) is loaded for a workbook only: a CSV's reader starts without it.
      const { readXlsx } = await import('./read-xlsx.ts');
      for (const cells of await readXlsx(bytes)) {
        shaper.add(cells);
        if (shaper.ready) await shaper.flush();
      }
      const shape = await shaper.finish();
      signal?.throwIfAborted();
      return { fileName: file.name, format: 'xlsx', encoding: null, delimiter: null, ...shape };
    }
    sniffKind(file.name, head);
    encoding = await detectEncoding(head, first);
  } finally {
    await first.return();
  }

  const texts = decode(streamChunks(file.stream(), { signal, onProgress }), encoding);
  let delimiter: string;
  try {
    delimiter = await readDelimited(texts, shaper);
  } finally {
    await texts.return();
  }
  const shape = await shaper.finish();
  signal?.throwIfAborted();
  return {
    fileName: file.name,
    format: delimiter === '\t' ? 'tsv' : 'csv',
    // SourceTable's encoding names no UTF-16: a file read from a UTF-16 BOM reports 'utf-8' (Unicode, nothing
    // guessed) until the type grows 'utf-16le' | 'utf-16be'.
    encoding: encoding === 'windows-1252' ? 'windows-1252' : 'utf-8',
    delimiter,
    ...shape,
  };
}

/** The whole file, from its head and the rest of its chunks. */
async function readRest(
  head: Uint8Array,
  rest: AsyncIterable<Uint8Array>,
  onProgress: ((bytesRead: number) => void) | undefined,
): Promise<Uint8Array> {
  const parts = [head];
  let bytesRead = head.byteLength;
  onProgress?.(bytesRead);
  for await (const chunk of rest) {
    parts.push(chunk);
    bytesRead += chunk.byteLength;
    onProgress?.(bytesRead);
  }
  return concatBytes(parts);
}

/**
 * The text of the chunks. Not fatal: the encoding was chosen over the whole file. A BOM is dropped (TextDecoder's
 * default); a character split between chunks is decoded whole.
 */
async function* decode(chunks: AsyncIterable<Uint8Array>, encoding: TextEncoding): AsyncGenerator<string, void> {
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const last = decoder.decode();
  if (last) yield last;
}
