import { looksLikeHeader } from './header.ts';
import { checkRowCount, TableError, type TableLimits } from './table-error.ts';

/** How many rows below the first the header check looks at. */
const HEADER_SAMPLE = 50;
/** Rows handed on at a time: the app's batch, small enough to hold, large enough for one IndexedDB write. */
export const BATCH_ROWS = 500;

export type OnRows = (rows: string[][]) => Promise<void> | void;

/** What is known of a table once every row has been handed on. */
export interface TableShape {
  /** The header row's cells (blank ones, and columns beyond them that rows fill, named "Column N"). */
  header: string[];
  headerDetected: boolean;
  /** Rows after the header, counted to the end even when over the limit. */
  rowCount: number;
}

const lastFilled = (row: readonly string[]) => row.findLastIndex(Boolean);

/**
 * A body row as long as the header: short rows padded with "", and the empty cells a row has beyond the last
 * filled column of the table dropped. Rows are handed on as read, since the width is known only at the end.
 */
export const padRow = (row: string[], width: number): string[] =>
  row.length === width ? row : Array.from({ length: width }, (_, i) => row[i] ?? '');

/**
 * The rows of a file as they are read, cleaned the same way for text and XLSX, and handed on in batches:
 * - every cell is trimmed of surrounding whitespace (padding from fixed-width exports and stray spaces typed
 *   in Excel; nothing inside a cell is changed);
 * - rows whose cells are all empty are dropped, wherever they are: leading, trailing or between rows (they
 *   carry nothing to match). A row with any cell filled stays, even when its address cells are empty;
 * - the first non-empty row and the HEADER_SAMPLE below it are held until the header is decided (header.ts); a
 *   file without a header row gets "Column 1".."Column N" and keeps its first row as data;
 * - the width is the widest row's last filled cell: a row longer than the header extends it with "Column N" (no
 *   cell is ever dropped), shorter rows are padded by the reader of the rows (padRow);
 * - rows past the limit are counted, never handed on, so a file over it is refused with its true row count
 *   without holding it (the rows before it have been handed on: the caller drops them).
 *
 * The caller adds rows, awaits `flush()` whenever `ready` (so a slow consumer slows the reading), and ends with
 * `finish()`, which refuses an empty, header-only or too long table. An aborted signal stops it after a batch.
 */
export class RowShaper {
  /** The first rows, until the header is decided; then null. */
  private sample: string[][] | null = [];
  private names: string[] = [];
  private headerDetected = false;
  private batch: string[][] = [];
  private readonly full: string[][][] = [];
  /** Non-empty rows, the header's included. */
  private count = 0;
  private bodyCount = 0;
  private width = 0;

  constructor(
    private readonly limits: TableLimits,
    private readonly onRows: OnRows,
    /** Checked after each batch: an abort stops the reading there. */
    private readonly signal?: AbortSignal,
  ) {}

  add(cells: readonly string[]): void {
    const row = cells.map((c) => c.trim());
    if (!row.some(Boolean)) return;
    this.count++;
    if (!this.sample) {
      this.addBody(row);
      return;
    }
    this.sample.push(row);
    if (this.sample.length > HEADER_SAMPLE) this.decideHeader();
  }

  /** Whether a batch waits to be handed on. */
  get ready(): boolean {
    return this.full.length > 0;
  }

  /** Hands on the full batches, one at a time. */
  async flush(): Promise<void> {
    for (let batch = this.full.shift(); batch; batch = this.full.shift()) {
      await this.onRows(batch);
      this.signal?.throwIfAborted();
    }
  }

  /** Hands on the last rows, and says what the table is; throws when there is nothing to match or too much. */
  async finish(): Promise<TableShape> {
    if (this.sample) this.decideHeader();
    if (this.count === 0) throw new TableError('empty', 'The file is empty.');
    if (this.bodyCount === 0) throw new TableError('header-only', 'The file has a header but no rows.');
    checkRowCount(this.bodyCount, this.limits);
    if (this.batch.length > 0) this.full.push(this.batch);
    this.batch = [];
    await this.flush();
    const header = Array.from({ length: this.width }, (_, i) => this.names[i] || `Column ${i + 1}`);
    return { header, headerDetected: this.headerDetected, rowCount: this.bodyCount };
  }

  private decideHeader(): void {
    const rows = this.sample ?? [];
    this.sample = null;
    if (rows.length === 0) return;
    this.headerDetected = looksLikeHeader(rows[0], rows.slice(1, 1 + HEADER_SAMPLE));
    if (this.headerDetected) {
      this.names = rows[0];
      this.width = lastFilled(rows[0]) + 1;
    }
    for (const row of this.headerDetected ? rows.slice(1) : rows) this.addBody(row);
  }

  private addBody(row: string[]): void {
    this.bodyCount++;
    this.width = Math.max(this.width, lastFilled(row) + 1);
    if (this.bodyCount > this.limits.maxRows) return;
    this.batch.push(row);
    if (this.batch.length === BATCH_ROWS) {
      this.full.push(this.batch);
      this.batch = [];
    }
  }
}
