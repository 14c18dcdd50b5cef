/**
 * A dropped file read into a table of text: what it is (XLSX or delimited text, by its bytes), how its text is
 * encoded, which separator it uses, whether its first row is a header. Pure and synchronous apart from exceljs;
 * the caller runs it in a Web Worker (read-table.worker.ts).
 *
 * Decisions, where the issue leaves room:
 * - One column: a one-column file is accepted, with or without a header (a single free-text address column is
 *   the commonest real file). It is refused only when it does not look like a table at all: no separator was
 *   found and its lines are running text or not text (read-delimited.ts, `refuseIfNotATable`).
 * - No header: accepted; the columns are named "Column 1".."Column N", the first row stays data, and
 *   `headerDetected: false` tells the preview, where the user maps the columns (header.ts has the rules).
 * - Cells are trimmed of surrounding whitespace and otherwise kept as written; fully empty rows are dropped
 *   wherever they are, rows with any cell filled are kept (shape-table.ts).
 * - Ragged rows: short rows are padded with "", a row longer than the header extends it with "Column N".
 */
import { readDelimited } from './read-delimited.ts';
import { readXlsx } from './read-xlsx.ts';
import { RowCollector, shapeTable } from './shape-table.ts';
import { decodeText, sniffKind } from './sniff.ts';
import { BROWSER_LIMITS, checkByteSize, TableError, type TableLimits } from './table-error.ts';
import type { SourceTable } from './types.ts';

export {
  BROWSER_LIMITS,
  checkByteSize,
  checkRowCount,
  MAX_BYTES,
  MAX_ROWS,
  TableError,
  type TableErrorReason,
  type TableLimits,
} from './table-error.ts';

export interface DroppedFile {
  name: string;
  bytes: Uint8Array;
}

/** Reads a file within the browser's limits, or the caller's (the command line reads larger files). */
export async function readTable(file: DroppedFile, limits: TableLimits = BROWSER_LIMITS): Promise<SourceTable> {
  checkByteSize(file.bytes.length, limits);
  const collector = new RowCollector(limits);
  if (sniffKind(file.name, file.bytes) === 'xlsx') {
    await readXlsx(file.bytes, collector);
    return { fileName: file.name, format: 'xlsx', encoding: null, delimiter: null, ...shapeTable(collector) };
  }
  const { text, encoding } = decodeText(file.bytes);
  if (!text.trim()) throw new TableError('empty', 'The file is empty.');
  const delimiter = readDelimited(text, collector);
  return {
    fileName: file.name,
    format: delimiter === '\t' ? 'tsv' : 'csv',
    // SourceTable's encoding names no UTF-16: a file read from a UTF-16 BOM reports 'utf-8' (Unicode, nothing
    // guessed) until the type grows 'utf-16le' | 'utf-16be'.
    encoding: encoding === 'windows-1252' ? 'windows-1252' : 'utf-8',
    delimiter,
    ...shapeTable(collector),
  };
}
