/**
 * A matched file, written back out: the user's columns as read, then ours (ADDED_COLUMNS), as CSV, XLSX or
 * GeoJSON.
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
import type { Feature, FeatureCollection, Point } from 'geojson';
import Papa from 'papaparse';
import {
  ADDED_COLUMNS,
  type AddedColumn,
  addedHeader,
  exportHeader,
  exportRows,
  type MatchExport,
} from './export-rows.ts';
import type { RowOutcome } from './types.ts';

export { ADDED_COLUMNS, type MatchExport } from './export-rows.ts';

/**
 * Papa's own `escapeFormulae: true` is /^[=+\-@\t\r].*$/, which misses a cell that starts so and holds a line
 * break (`.` stops at the break, `$` wants the end): look at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Excel reads a CSV as the machine's code page unless it starts with a byte order mark (ñ in Parañaque). */
export const CSV_BOM = '\uFEFF';
/** Between CSV records, and between the parts of a CSV written in parts. */
export const CSV_NEWLINE = '\r\n';

/**
 * Records as CSV, with no line break after the last: toCsv's escaping, for a file written a part at a time
 * (`npm run match`), whose parts are joined with CSV_NEWLINE after CSV_BOM.
 */
export function csvRecords(records: readonly (readonly string[])[]): string {
  return Papa.unparse(records as string[][], { newline: CSV_NEWLINE, escapeFormulae: FORMULA_START });
}

/** RFC 4180: fields with a quote, comma or line break quoted, inner quotes doubled, CRLF between records. */
export function toCsv(job: MatchExport): string {
  return CSV_BOM + csvRecords([exportHeader(job.table), ...exportRows(job)]);
}

/** The added columns a spreadsheet holds as numbers, shown with the decimals the CSV writes. */
const NUMBER_FORMAT: Partial<Record<AddedColumn, string>> = { lat: '0.000000', lng: '0.000000', confidence: '0.00' };
/** Each added column's number format, or undefined for text, in ADDED_COLUMNS order. */
export const XLSX_FORMATS = ADDED_COLUMNS.map((column) => NUMBER_FORMAT[column]);

/**
 * An exported row's cells as a sheet holds them: strings stay strings (a PSGC code keeps its leading zero), the
 * added numbers become numbers, an empty cell is left blank.
 */
export function xlsxValues(row: readonly string[], firstAdded: number): (string | number | null)[] {
  return row.map((cell, i) => (cell === '' ? null : XLSX_FORMATS[i - firstAdded] ? Number(cell) : cell));
}

/** One sheet, "Matched": bold frozen header with a filter; lat, lng and confidence as numbers, the rest as text. */
export async function toXlsx(job: MatchExport): Promise<Uint8Array> {
  // exceljs is large; load it when someone exports, not with the page.
  const { default: ExcelJS } = await import('exceljs');
  const header = exportHeader(job.table);
  const firstAdded = job.table.header.length;

  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Matched', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(header).font = { bold: true };
  for (const row of exportRows(job)) sheet.addRow(xlsxValues(row, firstAdded));
  XLSX_FORMATS.forEach((format, i) => {
    if (format) sheet.getColumn(firstAdded + i + 1).numFmt = format;
  });
  if (header.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/**
 * A FeatureCollection of the rows with a place, each a Point at it. A row without one (unmatched, or not yet
 * matched) has nowhere to go on a map and is left out; the CSV and XLSX keep every row. Properties are the
 * file's columns by header name and ours but lat and lng (they are the point); confidence is a number. A header
 * name the file repeats gets `_2`, `_3` … after its first, as an object cannot hold one key twice.
 */
export function toGeoJson(job: MatchExport): string {
  const feature = geoJsonFeatures(job.table.header);
  const features: Feature<Point>[] = [];
  exportRows(job).forEach((row, i) => {
    const found = feature(row, job.results[i] ?? null);
    if (found) features.push(found);
  });
  const collection: FeatureCollection<Point> = { type: 'FeatureCollection', features };
  return JSON.stringify(collection);
}

/**
 * For a file with this header, a function from one exported row (its cells, as exportRows writes them) to its
 * GeoJSON Feature, or null when the row has no place: what toGeoJson writes for each row.
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

const EXTENSION = { csv: 'csv', xlsx: 'xlsx', geojson: 'geojson' } as const;

/**
 * `clinics.csv` → `clinics-matched-psgc.csv`: the name the user knows, its extension replaced, and what was
 * done. Characters no common file system takes (`<>:"/\|?*`, control characters) become `_`; letters such as ñ
 * stay. The suffix also keeps a Windows device name (CON, NUL) from being the whole name.
 */
export function exportFileName(sourceName: string, kind: 'csv' | 'xlsx' | 'geojson'): string {
  const base = sourceName.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFC')
    .replace(/[\p{Cc}<>:"/\\|?*]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 100);
  return `${stem || 'addresses'}-matched-psgc.${EXTENSION[kind]}`;
}
