/**
 * Why a file could not be read, and the limits that refuse it. Kept apart from read-table.ts so the main thread
 * (read-table-client.ts) can check the size and rebuild the error without bundling papaparse and exceljs.
 */

/** At most this many rows (after the header) are matched at a time in the browser. */
export const MAX_ROWS = 200_000;
/** At most this many bytes are read in the browser: checked on the file's size, before anything is parsed. */
export const MAX_BYTES = 100 * 1024 * 1024;

/** What a reader refuses: the browser's limits unless a caller (the command line) gives its own. */
export interface TableLimits {
  maxRows: number;
  maxBytes: number;
}
export const BROWSER_LIMITS: TableLimits = { maxRows: MAX_ROWS, maxBytes: MAX_BYTES };

export type TableErrorReason =
  | 'too-large'
  | 'too-many-rows'
  | 'empty'
  | 'header-only'
  | 'encrypted-or-xls'
  | 'not-text'
  | 'not-a-table'
  | 'bad-quotes'
  | 'bad-xlsx';

/** A file refused: `message` is a sentence shown to the user as is; `reason` is for code. */
export class TableError extends Error {
  override readonly name = 'TableError';
  readonly reason: TableErrorReason;

  constructor(reason: TableErrorReason, message: string) {
    super(message);
    this.reason = reason;
  }

  /** What crosses a worker boundary: structured clone and comlink keep plain objects, not classes. */
  toJSON(): SerialisedTableError {
    return { tableError: true, reason: this.reason, message: this.message };
  }

  static isSerialised(value: unknown): value is SerialisedTableError {
    return typeof value === 'object' && value !== null && (value as SerialisedTableError).tableError === true;
  }

  static fromJSON(value: SerialisedTableError): TableError {
    return new TableError(value.reason, value.message);
  }
}

export interface SerialisedTableError {
  tableError: true;
  reason: TableErrorReason;
  message: string;
}

const count = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** Refuses a file over the limit by its size alone, so a caller can check before reading it. */
export function checkByteSize(size: number, { maxBytes } = BROWSER_LIMITS): void {
  if (size > maxBytes) {
    throw new TableError(
      'too-large',
      `The file is ${megabytes(size)}; Kapuluan reads files of at most ${megabytes(maxBytes)}. Split the file.`,
    );
  }
}

/** Refuses a table of more rows than the limit (the header not counted). */
export function checkRowCount(rows: number, { maxRows } = BROWSER_LIMITS): void {
  if (rows > maxRows) {
    throw new TableError(
      'too-many-rows',
      `The file has ${count(rows)} rows; Kapuluan matches at most ${count(maxRows)} rows at a time. Split the file.`,
    );
  }
}
