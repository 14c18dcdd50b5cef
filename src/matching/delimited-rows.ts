import Papa from 'papaparse';
import { TableError } from './table-error.ts';

/**
 * Papaparse's parser with its set-up (separator, line break, step), the piece its own ChunkStreamer drives a
 * chunk at a time (papaparse.js, ChunkStreamer.parseChunk). Exported by papaparse, missing from its types.
 */
export interface PapaParserHandle {
  parse(input: string, baseIndex: number, ignoreLastRow: boolean): Papa.ParseResult<string[]>;
  guessLineEndings(input: string, quoteChar: string): '\r\n' | '\n' | '\r';
  abort(): void;
}
export const ParserHandle = (
  Papa as unknown as { ParserHandle: new (config: Papa.ParseConfig<string[]>) => PapaParserHandle }
).ParserHandle;

/**
 * The longest unfinished row held while waiting for its end (32 MB of memory). A row longer than that is an
 * unclosed quote swallowing the file, or not a table; it is refused rather than held.
 */
const MAX_ROW_CHARS = 16_000_000;

/** The start of a row, as the messages quote it. */
const rowStart = (cells: string[]) => cells.join(' ').slice(0, 40);

const unclosedQuote = (cells: string[]) =>
  new TableError(
    'bad-quotes',
    `A quoted cell is never closed (a " without its pair, in the row that starts "${rowStart(cells)}"), so the rest ` +
      'of the file would be read as one cell. Fix the quote and try again.',
  );

/**
 * Delimited text parsed as it arrives, with the same rows as one papaparse call over the whole text. As papaparse's
 * ChunkStreamer does it: each call parses the text not yet parsed, ignoring its last row (it may go on in the next
 * chunk); `meta.cursor` says where that row starts, and it is parsed again with the next chunk, so a quoted cell
 * with line breaks across chunks is read whole.
 *
 * Papaparse is called again once the new text is at least as long as the unfinished row, so a long row is not
 * parsed again for every chunk (work stays linear in the text).
 */
export class DelimitedRows {
  private readonly handle: PapaParserHandle;
  /** Text not yet parsed: the unfinished row, then what came after it. */
  private pending = '';
  private unfinished = 0;
  private baseIndex = 0;

  constructor(
    private readonly config: { delimiter: string; newline: '\r\n' | '\n' | '\r' },
    private readonly onRow: (cells: string[]) => void,
  ) {
    this.handle = new ParserHandle(config);
  }

  push(text: string): void {
    this.pending += text;
    if (this.pending.length - this.unfinished >= this.unfinished) this.parse(false);
  }

  /** Parses the last row; refuses a quoted cell that is never closed. */
  end(): void {
    this.parse(true);
  }

  private parse(last: boolean): void {
    const { data, errors, meta } = this.handle.parse(this.pending, this.baseIndex, !last);
    // Only the last row of the text can miss its closing quote: the rest of the text is in it.
    const missing = errors.find((e) => e.code === 'MissingQuotes');
    const rows = missing ? data.length - 1 : data.length;
    for (let i = 0; i < rows; i++) this.onRow(data[i]);
    if (missing) throw unclosedQuote(data[data.length - 1]);
    if (last) {
      this.pending = '';
      return;
    }
    this.pending = this.pending.substring(meta.cursor - this.baseIndex);
    this.baseIndex = meta.cursor;
    this.unfinished = this.pending.length;
    if (this.unfinished > MAX_ROW_CHARS) this.refuseLongRow();
  }

  /** The unfinished row read as the last one: an unclosed quote says so, else the row is too long. */
  private refuseLongRow(): never {
    const { data, errors } = new ParserHandle(this.config).parse(this.pending, 0, false);
    if (errors.some((e) => e.code === 'MissingQuotes')) throw unclosedQuote(data[data.length - 1]);
    throw new TableError(
      'row-too-long',
      `A row is longer than ${MAX_ROW_CHARS / 1_000_000} million characters (the row that starts ` +
        `"${rowStart(data[0] ?? [])}"): this is not a table of addresses. Save it as CSV with one address per row.`,
    );
  }
}
