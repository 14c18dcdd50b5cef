/**
 * A matched file, written back out: the user's columns as read, then ours (ADDED_COLUMNS), as CSV, XLSX or
 * GeoJSON, whole in memory. The bytes are export-stream.ts's encoders', which also write a file a part at a time;
 * what each format escapes and why is told there.
 */

import { exportHeader, type MatchExport, outRows } from './export-rows.ts';
import { type ByteSink, csvEncoder, geoJsonEncoder, xlsxWriter } from './export-stream.ts';
import { concatBytes } from './stream-chunks.ts';

export { ADDED_COLUMNS, type MatchExport } from './export-rows.ts';
export { CSV_BOM, CSV_NEWLINE, geoJsonFeatures } from './export-stream.ts';
export { XLSX_FORMATS } from './export-xlsx.ts';

/** RFC 4180: fields with a quote, comma or line break quoted, inner quotes doubled, CRLF between records. */
export function toCsv(job: MatchExport): string {
  const parts: string[] = [];
  const encoder = csvEncoder(exportHeader(job.table), (part) => parts.push(part));
  encoder.rows(outRows(job));
  encoder.end();
  return parts.join('');
}

/** One sheet, "Matched": bold frozen header with a filter; lat, lng and confidence as numbers, the rest as text. */
export async function toXlsx(job: MatchExport): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  const sink: ByteSink = {
    write: async (part) => {
      parts.push(part as Uint8Array);
    },
    close: async () => {},
  };
  const writer = xlsxWriter(sink, exportHeader(job.table), job.table.header.length);
  await writer.write(outRows(job));
  await writer.end();
  return concatBytes(parts);
}

/**
 * A FeatureCollection of the rows with a place, each a Point at it; rows without one are left out (the CSV and
 * XLSX keep every row). See geoJsonFeatures for the properties.
 */
export function toGeoJson(job: MatchExport): string {
  const parts: string[] = [];
  const encoder = geoJsonEncoder(job.table.header, (part) => parts.push(part));
  encoder.rows(outRows(job));
  encoder.end();
  return parts.join('');
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
