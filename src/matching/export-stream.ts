/**
 * The exports written a part at a time (a million rows never become one string, which V8 caps at
 * 512 MB, nor one workbook in memory). Each format is an encoder: plain synchronous code that turns a batch of
 * rows into bytes and hands them on. A writer runs an encoder over a ByteSink, waiting on the sink after each
 * batch so a slow disk holds the rows back; toCsv, toGeoJson and toXlsx (export.ts) run the same encoders into
 * memory, so each format's bytes are defined here once. The sink is the caller's: a file in the browser's
 * origin-private file system (features/match/save-file.ts), or a file or standard output in Node (cli/).
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a CSV cell that begins with `=`, `+`, `-`, `@`,
 * tab or CR as a formula, and the cells come from a file someone else wrote. The CSV puts a `'` before every
 * such cell, in the file's columns and ours alike, and quotes it. That includes a negative number in the user's
 * own columns (`-12.5` becomes `'-12.5`): OWASP escapes those too, as a cell cannot be told from a formula by its
 * first character, and a value that reads a little odd is the cheaper mistake. Our own numbers never start so
 * (Philippine latitudes and longitudes are positive; confidence is 0 to 1).
 * The XLSX needs no escape: every text is written as a string cell, which Excel never evaluates. GeoJSON is read
 * by programs, not spreadsheets, and keeps the text as it is.
 */
import type { Feature, Point } from 'geojson';
import Papa from 'papaparse';
import { ADDED_COLUMNS, addedHeader, type OutRow } from './export-rows.ts';
import { xlsxEncoder } from './export-xlsx.ts';
import type { RowOutcome } from './types.ts';

export type { OutRow } from './export-rows.ts';
export { TOO_MANY_ROWS, XLSX_MAX_ROWS, XlsxTooLarge } from './export-xlsx.ts';

/** Where an export's bytes go, in order. `write` settles when the sink can take more; `close` when all is kept. */
export interface ByteSink {
  write(part: string | Uint8Array): Promise<void>;
  close(): Promise<void>;
}

/** Rows in the file's order, a batch at a time; `end` finishes the file and closes the sink. */
export interface RowWriter {
  write(rows: readonly OutRow[]): Promise<void>;
  end(): Promise<void>;
}

/** A format's bytes: what comes before the rows is emitted when it is made, then each batch, then the end. */
export interface Encoder {
  rows(rows: readonly OutRow[]): void;
  end(): void;
}

export type Emit<P extends string | Uint8Array> = (part: P) => void;

/**
 * Rows encoded between two waits on the sink. A batch is encoded a slice at a time, each slice's parts written
 * before the next is encoded, so a page's main thread gets the sink's waits between slices: 500 rows of the
 * workbook at once held it for 368 ms in Chromium, past the 200 ms a task may hold the page.
 */
const SLICE = 100;

/** An encoder over a sink: each call's parts written, in order, before the call settles. */
function overSink<P extends string | Uint8Array>(sink: ByteSink, encoder: (emit: Emit<P>) => Encoder): RowWriter {
  let parts: P[] = [];
  const encode = encoder((part) => parts.push(part));
  const flush = async () => {
    const out = parts;
    parts = [];
    for (const part of out) await sink.write(part);
  };
  return {
    async write(rows) {
      for (let from = 0; from < rows.length; from += SLICE) {
        encode.rows(rows.slice(from, from + SLICE));
        await flush();
      }
    },
    async end() {
      encode.end();
      await flush();
      await sink.close();
    },
  };
}

/**
 * Papa's own `escapeFormulae: true` is /^[=+\-@\t\r].*$/, which misses a cell that starts so and holds a line
 * break (`.` stops at the break, `$` wants the end): look at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Excel reads a CSV as the machine's code page unless it starts with a byte order mark (ñ in Parañaque). */
export const CSV_BOM = '\uFEFF';
/** Between CSV records, and between the batches of a CSV written in parts. */
export const CSV_NEWLINE = '\r\n';

/** Records as CSV, RFC 4180: fields with a quote, comma or line break quoted, inner quotes doubled. */
function csvRecords(records: readonly (readonly string[])[]): string {
  return Papa.unparse(records as string[][], { newline: CSV_NEWLINE, escapeFormulae: FORMULA_START });
}

/** CSV: the BOM and the header, then each batch after a CRLF, with no line break after the last record. */
export function csvEncoder(header: readonly string[], emit: Emit<string>): Encoder {
  emit(CSV_BOM + csvRecords([header]));
  return {
    rows(rows) {
      if (rows.length) emit(CSV_NEWLINE + csvRecords(rows.map((r) => r.cells)));
    },
    end() {},
  };
}

/** A FeatureCollection, a feature at a time; rows without a place are left out (see geoJsonFeatures). */
export function geoJsonEncoder(fileHeader: readonly string[], emit: Emit<string>): Encoder {
  const feature = geoJsonFeatures(fileHeader);
  let first = true;
  emit('{"type":"FeatureCollection","features":[');
  return {
    rows(rows) {
      let text = '';
      for (const row of rows) {
        const found = feature(row.cells, row.outcome);
        if (!found) continue;
        text += (first ? '' : ',') + JSON.stringify(found);
        first = false;
      }
      if (text) emit(text);
    },
    end: () => emit(']}'),
  };
}

/** The CSV export written to a sink: toCsv's bytes, in parts. `header` is exportHeader's. */
export const csvWriter = (sink: ByteSink, header: readonly string[]): RowWriter =>
  overSink(sink, (emit: Emit<string>) => csvEncoder(header, emit));

/** The GeoJSON export written to a sink: toGeoJson's bytes, in parts. `fileHeader` is the file's own header. */
export const geoJsonWriter = (sink: ByteSink, fileHeader: readonly string[]): RowWriter =>
  overSink(sink, (emit: Emit<string>) => geoJsonEncoder(fileHeader, emit));

/**
 * The XLSX export written to a sink, a ZIP made as it goes (export-xlsx.ts). `header` is exportHeader's,
 * `firstAdded` the index of the first added column (the file's column count). A write past Excel's last row
 * rejects with XlsxTooLarge.
 */
export const xlsxWriter = (sink: ByteSink, header: readonly string[], firstAdded: number): RowWriter =>
  overSink(sink, (emit: Emit<Uint8Array>) => xlsxEncoder(header, firstAdded, emit));

/**
 * For a file with this header, a function from one exported row (its cells, as exportRows writes them) to its
 * GeoJSON Feature, or null when the row has no place. A row without one (unmatched, or not yet matched) has
 * nowhere to go on a map and is left out; the CSV and XLSX keep every row. Properties are the file's columns by
 * header name and ours but lat and lng (they are the point); confidence is a number. A header name the file
 * repeats gets `_2`, `_3` … after its first, as an object cannot hold one key twice.
 */
export function geoJsonFeatures(
  header: readonly string[],
): (row: readonly string[], outcome: RowOutcome | null) => Feature<Point> | null {
  const keys = uniqueKeys([...header, ...addedHeader(header)]);
  const firstAdded = header.length;
  const skip = new Set([firstAdded + ADDED_COLUMNS.indexOf('lat'), firstAdded + ADDED_COLUMNS.indexOf('lng')]);
  const confidence = firstAdded + ADDED_COLUMNS.indexOf('confidence');
  return (row, outcome) => {
    const match = outcome?.match;
    if (!match) return null;
    const properties: Record<string, string | number> = {};
    row.forEach((cell, c) => {
      if (!skip.has(c)) properties[keys[c]] = c === confidence ? Number(cell) : cell;
    });
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [round6(match.lng), round6(match.lat)] },
      properties,
    };
  };
}

const round6 = (n: number) => Number(n.toFixed(6));

function uniqueKeys(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let key = name;
    for (let n = 2; taken.has(key); n++) key = `${name}_${n}`;
    taken.add(key);
    return key;
  });
}
