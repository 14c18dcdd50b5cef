import Papa from 'papaparse';
import type { RowCollector } from './shape-table.ts';
import { TableError } from './table-error.ts';

/** The separators tried, in the order that breaks ties. */
const DELIMITERS = [',', '\t', ';', '|'] as const;
/** How many non-empty rows the separator check reads. */
const SAMPLE_ROWS = 30;
/**
 * The separator of a one-column file: one that text never holds, so papaparse splits only lines (and still
 * unquotes "12 Rizal St, Manila", as Excel writes a one-column CSV).
 */
const NO_SPLIT = '\u0000';

/** The first non-empty rows under a separator, and whether some empty row was split by it (",,,"). */
function sampleRows(text: string, delimiter: string): { rows: string[][]; splitEmpty: boolean } {
  const rows: string[][] = [];
  let splitEmpty = false;
  Papa.parse<string[]>(text, {
    delimiter,
    step: ({ data }, parser) => {
      if (data.some((c) => c.trim())) rows.push(data);
      else if (data.length > 1) splitEmpty = true;
      if (rows.length === SAMPLE_ROWS) parser.abort();
    },
  });
  return { rows, splitEmpty };
}

/**
 * The separator whose rows agree best on their number of fields. A candidate must split the first row (a table's
 * header and rows all hold the separator; a one-column list of "Street, Town" addresses has commas only below
 * its header), and its usual number of fields must be two or more; then the larger share of rows with that usual
 * number wins, then more fields, then the order above. Papaparse's own guess is not used: it picks "," for
 * `a;b\n"12, x";c`.
 */
export function detectDelimiter(text: string): string | null {
  let best: { delimiter: string; share: number; fields: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const { rows, splitEmpty } = sampleRows(text, delimiter);
    // Only separators and spaces: a table of empty cells, which shapeTable refuses as empty.
    if (rows.length === 0 && splitEmpty) return delimiter;
    if (rows.length === 0 || rows[0].length < 2) continue;
    const counts = new Map<number, number>();
    for (const row of rows) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
    const [fields, times] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
    const share = times / rows.length;
    if (fields < 2) continue;
    if (!best || share > best.share || (share === best.share && fields > best.fields)) {
      best = { delimiter, share, fields };
    }
  }
  return best?.delimiter ?? null;
}

/** Running text rather than a list: a one-column file whose usual line is longer than any address. */
const PROSE_LINE = 300;
/** Control characters (other than tab and line breaks) in more than this share of the text: binary, not text. */
const CONTROL_SHARE = 0.01;

/** C0 and C1 controls other than tab and line breaks, and U+FFFD (a byte the decoder could not read). */
const isControl = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || (code >= 0x7f && code <= 0x9f) || code === 0xfffd;

/**
 * A one-column file is accepted (a list of free-text addresses, with or without a header, is a real case),
 * unless it does not look like a table at all: lines of running text, or bytes that are not text.
 */
function refuseIfNotATable(text: string): void {
  const head = text.slice(0, 64 * 1024);
  let controls = 0;
  for (let i = 0; i < head.length; i++) if (isControl(head.charCodeAt(i))) controls++;
  const lengths = sampleRows(head, NO_SPLIT)
    .rows.map((row) => row[0].trim().length)
    .sort((a, b) => a - b);
  const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
  if (controls > head.length * CONTROL_SHARE || median > PROSE_LINE) {
    throw new TableError(
      'not-a-table',
      'The file does not look like a table: no column separator was found and its lines read like running text. ' +
        'Save it as CSV or .xlsx with one address per row.',
    );
  }
}

/** Reads delimited text into the collector; returns the separator it found (',' for a one-column file). */
export function readDelimited(text: string, collector: RowCollector): string {
  const delimiter = detectDelimiter(text);
  if (delimiter === null) refuseIfNotATable(text);
  let unclosed: string | null = null;
  Papa.parse<string[]>(text, {
    delimiter: delimiter ?? NO_SPLIT,
    step: (result, parser) => {
      if (result.errors.some((e) => e.code === 'MissingQuotes')) {
        unclosed = result.data.join(' ').slice(0, 40);
        parser.abort();
        return;
      }
      collector.add(result.data);
    },
  });
  if (unclosed !== null) {
    throw new TableError(
      'bad-quotes',
      `A quoted cell is never closed (a " without its pair, in the row that starts "${unclosed}"), so the rest ` +
        'of the file would be read as one cell. Fix the quote and try again.',
    );
  }
  // A one-column file is written back as CSV: with a comma, quoting the cells that hold one.
  return delimiter ?? ',';
}
