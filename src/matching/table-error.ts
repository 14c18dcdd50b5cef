/**
 * Why a file could not be read, and the limits that refuse it. Kept apart from read-table.ts so the main thread
 * (read-table-client.ts) can check the size and rebuild the error without bundling papaparse and exceljs.
 */

/**
 * At most this many rows (after the header) are matched at a time in the browser. Rows are streamed into the
 * page's IndexedDB rather than held, so the cap is what a tab matches in a sitting, not its memory.
 */
export const MAX_ROWS = 2_000_000;
/**
 * At most this many bytes of delimited text are read in the browser: checked on the file's size, before anything
 * is parsed. The text is streamed, never held whole.
 */
export const MAX_BYTES = 1024 * 1024 * 1024;
/** At most this many bytes of an XLSX workbook: exceljs holds the whole workbook in memory, so it stays small. */
export const MAX_XLSX_BYTES = 100 * 1024 * 1024;

/** What a reader refuses: the browser's limits unless a caller (the command line) gives its own. */
export interface TableLimits {
  maxRows: number;
  /** Bytes of any file, and of delimited text (streamed). */
  maxBytes: number;
  /** Bytes of an XLSX workbook (read whole); `maxBytes` when not given. */
  maxXlsxBytes?: number;
}
export const BROWSER_LIMITS: TableLimits = { maxRows: MAX_ROWS, maxBytes: MAX_BYTES, maxXlsxBytes: MAX_XLSX_BYTES };

export type TableErrorReason =
  | 'too-large'
  | 'too-many-rows'
  | 'empty'
  | 'header-only'
  | 'encrypted-or-xls'
  | 'not-text'
  | 'not-a-table'
  | 'bad-quotes'
  | 'row-too-long'
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
const GB = 1024 * 1024 * 1024;
const MB = 1024 * 1024;
/** A size as people read it: "100 MB", "1.5 GB". */
export const fileSize = (bytes: number) =>
  bytes >= GB
    ? `${(bytes / GB).toLocaleString('en-US', { maximumFractionDigits: 1 })} GB`
    : `${(bytes / MB).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/**
 * Refuses a file over the limit by its size alone, so a caller can check before reading it: any file against
 * `maxBytes`, and a workbook, once its bytes say it is one, against `maxXlsxBytes` too.
 */
export function checkByteSize(size: number, limits = BROWSER_LIMITS, format: 'any' | 'xlsx' = 'any'): void {
  if (size > limits.maxBytes) {
    throw new TableError(
      'too-large',
      `The file is ${fileSize(size)}; Kapuluan reads files of at most ${fileSize(limits.maxBytes)}. Split the file.`,
    );
  }
  const maxXlsx = limits.maxXlsxBytes ?? limits.maxBytes;
  if (format === 'xlsx' && size > maxXlsx) {
    throw new TableError(
      'too-large',
      `The workbook is ${fileSize(size)}; Kapuluan reads Excel workbooks of at most ${fileSize(maxXlsx)} (and ` +
        `CSV files of up to ${fileSize(limits.maxBytes)}). Save it as CSV, or split it.`,
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
