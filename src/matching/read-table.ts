/**
 * A dropped file read into a table of text: what it is (XLSX or delimited text, by its bytes), how its text is
 * encoded, which separator it uses, whether its first row is a header. Pure; the rules live in readTableStream
 * (read-stream.ts), which reads a file too large to hold, and readTable collects its rows for a file that is held.
 *
 * Decisions:
 * - One column: a one-column file is accepted, with or without a header (a single free-text address column is
 *   the commonest real file). It is refused only when it does not look like a table at all: no separator was
 *   found and its lines are running text or not text (read-delimited.ts, `refuseIfNotATable`).
 * - No header: accepted; the columns are named "Column 1".."Column N", the first row stays data, and
 *   `headerDetected: false` tells the preview, where the user maps the columns (header.ts has the rules).
 * - Cells are trimmed of surrounding whitespace and otherwise kept as written; fully empty rows are dropped
 *   wherever they are, rows with any cell filled are kept (shape-table.ts).
 * - Ragged rows: short rows are padded with "", a row longer than the header extends it with "Column N".
 */
import { padRow, readTableStream } from './read-stream.ts';
import { streamOfBytes } from './stream-chunks.ts';
import { BROWSER_LIMITS, type TableLimits } from './table-error.ts';
import type { SourceTable } from './types.ts';

export {
  BROWSER_LIMITS,
  checkByteSize,
  checkRowCount,
  MAX_BYTES,
  MAX_ROWS,
  MAX_XLSX_BYTES,
  TableError,
  type TableErrorReason,
  type TableLimits,
} from './table-error.ts';

export interface DroppedFile {
  name: string;
  bytes: Uint8Array;
}

/**
 * Reads a file held in memory within the browser's limits, or the caller's (the command line reads larger files):
 * readTableStream's rows, collected and padded to the header.
 */
export async function readTable(file: DroppedFile, limits: TableLimits = BROWSER_LIMITS): Promise<SourceTable> {
  const rows: string[][] = [];
  const { rowCount: _, ...meta } = await readTableStream(
    { name: file.name, size: file.bytes.byteLength, stream: () => streamOfBytes(file.bytes) },
    (batch) => {
      for (const row of batch) rows.push(row);
    },
    { limits },
  );
  const width = meta.header.length;
  for (let i = 0; i < rows.length; i++) rows[i] = padRow(rows[i], width);
  return { ...meta, rows };
}
