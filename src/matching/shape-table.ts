import { looksLikeHeader } from './header.ts';
import { BROWSER_LIMITS, checkRowCount, TableError, type TableLimits } from './table-error.ts';

/** How many rows below the first the header check looks at. */
const HEADER_SAMPLE = 50;

/**
 * The rows of a file as they are read, cleaned the same way for text and XLSX:
 * - every cell is trimmed of surrounding whitespace (padding from fixed-width exports and stray spaces typed
 *   in Excel; nothing inside a cell is changed);
 * - rows whose cells are all empty are dropped, wherever they are: leading, trailing or between rows (they
 *   carry nothing to match). A row with any cell filled stays, even when its address cells are empty;
 * - only the first maxRows + 1 rows are kept (the header and the limit), the rest only counted, so a file
 *   over the limit is refused with its true row count without holding all of it.
 */
export class RowCollector {
  readonly rows: string[][] = [];
  count = 0;

  constructor(readonly limits: TableLimits = BROWSER_LIMITS) {}

  add(cells: readonly string[]): void {
    const row = cells.map((c) => c.trim());
    if (!row.some(Boolean)) return;
    this.count++;
    if (this.rows.length <= this.limits.maxRows) this.rows.push(row);
  }
}

export interface ShapedTable {
  header: string[];
  rows: string[][];
  headerDetected: boolean;
}

const lastFilled = (row: string[]) => row.findLastIndex(Boolean);

/**
 * Header and rows of the same width. A file without a header row gets "Column 1".."Column N" and keeps its
 * first row as data. The width is the widest row's last filled cell: a row longer than the header extends the
 * header with "Column N" (no cell is ever dropped); shorter rows are padded with "".
 */
export function shapeTable({ rows, count, limits }: RowCollector): ShapedTable {
  if (count === 0) throw new TableError('empty', 'The file is empty.');
  const headerDetected = looksLikeHeader(rows[0], rows.slice(1, 1 + HEADER_SAMPLE));
  const names = headerDetected ? rows[0] : [];
  const body = headerDetected ? rows.slice(1) : rows;
  const bodyCount = headerDetected ? count - 1 : count;
  if (bodyCount === 0) throw new TableError('header-only', 'The file has a header but no rows.');
  checkRowCount(bodyCount, limits);

  // A loop, not Math.max(...rows): 200,000 arguments overflow the stack.
  const width = body.reduce((w, row) => Math.max(w, lastFilled(row) + 1), lastFilled(names) + 1);
  const header = Array.from({ length: width }, (_, i) => names[i] || `Column ${i + 1}`);
  const shaped = body.map((row) =>
    row.length === width ? row : Array.from({ length: width }, (_, i) => row[i] ?? ''),
  );
  return { header, rows: shaped, headerDetected };
}
