import { DelimitedRows, ParserHandle } from './delimited-rows.ts';
import type { RowShaper } from './shape-table.ts';
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

/**
 * How much text the separator and line-break checks read: papaparse guesses the line break from the first
 * 1 Mi characters of its input (guessLineEndings), so a head this long guesses as the whole text would.
 */
export const HEAD_CHARS = 1024 * 1024;

/**
 * The first non-empty rows under a separator, and whether some empty row was split by it (",,,"). The text is
 * the file's whole text when `complete`, else its head, whose last row may be cut and is not sampled.
 */
function sampleRows(text: string, delimiter: string, complete = true): { rows: string[][]; splitEmpty: boolean } {
  const rows: string[][] = [];
  let splitEmpty = false;
  // What Papa.parse(text, { delimiter, step }) does, but able to leave the last row out.
  const handle = new ParserHandle({
    delimiter,
    step: ({ data }) => {
      if (data.some((c) => c.trim())) rows.push(data);
      else if (data.length > 1) splitEmpty = true;
      if (rows.length === SAMPLE_ROWS) handle.abort();
    },
  });
  handle.parse(text, 0, !complete);
  return { rows, splitEmpty };
}

/**
 * The separator whose rows agree best on their number of fields. A candidate must split the first row (a table's
 * header and rows all hold the separator; a one-column list of "Street, Town" addresses has commas only below
 * its header), and its usual number of fields must be two or more; then the larger share of rows with that usual
 * number wins, then more fields, then the order above. Papaparse's own guess is not used: it picks "," for
 * `a;b\n"12, x";c`.
 */
export function detectDelimiter(text: string, complete = true): string | null {
  let best: { delimiter: string; share: number; fields: number } | null = null;
  for (const delimiter of DELIMITERS) {
    const { rows, splitEmpty } = sampleRows(text, delimiter, complete);
    // Only separators and spaces: a table of empty cells, which RowShaper refuses as empty.
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

/**
 * Reads the chunks of a file's text into the shaper; returns the separator it found (',' for a one-column file).
 * The separator and the line break are found on the head of the text; the rows are parsed a chunk at a time, and
 * the shaper's batches handed on between chunks, so neither the text nor its rows are ever held whole.
 */
export async function readDelimited(texts: AsyncIterator<string>, shaper: RowShaper): Promise<string> {
  const head: string[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < HEAD_CHARS && !ended) {
    const next = await texts.next();
    if (next.done) ended = true;
    else {
      head.push(next.value);
      headLength += next.value.length;
    }
  }
  const headText = head.join('');
  if (ended && !headText.trim()) throw new TableError('empty', 'The file is empty.');
  const delimiter = detectDelimiter(headText, ended);
  if (delimiter === null) refuseIfNotATable(headText);

  const newline = new ParserHandle({}).guessLineEndings(headText, '"');
  const rows = new DelimitedRows({ delimiter: delimiter ?? NO_SPLIT, newline }, (cells) => shaper.add(cells));
  const parse = async (text: string) => {
    rows.push(text);
    if (shaper.ready) await shaper.flush();
  };
  // The head again, chunk by chunk as it came: one parse of the whole head would hold its rows at once.
  for (const text of head.splice(0)) await parse(text);
  for (let next = await texts.next(); !next.done; next = await texts.next()) await parse(next.value);
  rows.end();
  // A one-column file is written back as CSV: with a comma, quoting the cells that hold one.
  return delimiter ?? ',';
}
