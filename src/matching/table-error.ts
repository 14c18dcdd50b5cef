/**
 * Why a file could not be read, and the limits that refuse it. Kept apart from read-table.ts so the main thread
 * (read-table-client.ts) can check the size and rebuild the error without bundling papaparse and exceljs.
 */

/** At most this many rows (after the header) are matched at a time. */
export const MAX_ROWS = 200_000;
/** At most this many bytes are read: checked on the file's size, before anything is parsed. */
export const MAX_BYTES = 100 * 1024 * 1024;

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

/** Refuses a file over MAX_BYTES by its size alone, so a caller can check before reading it. */
export function checkByteSize(size: number): void {
  if (size > MAX_BYTES) {
    throw new TableError(
      'too-large',
      `The file is ${megabytes(size)}; Kapuluan reads files of at most ${megabytes(MAX_BYTES)}. Split the file.`,
    );
  }
}

/** Refuses a table of more than MAX_ROWS rows (the header not counted). */
export function checkRowCount(rows: number): void {
  if (rows > MAX_ROWS) {
    throw new TableError(
      'too-many-rows',
      `The file has ${count(rows)} rows; Kapuluan matches at most ${count(MAX_ROWS)} rows at a time. Split the file.`,
    );
  }
}
