/**
 * Where `npm run match` writes the matched rows, a batch at a time and in the file's order: the app's exports
 * (matching/export.ts: the same header, cells, escaping and GeoJSON features), written as they come rather than
 * built whole, so a million rows never become one string (V8 caps one at 512 MB) or one workbook in memory.
 */

import { once } from 'node:events';
import fs from 'node:fs';
import type { Writable } from 'node:stream';
import { CSV_BOM, CSV_NEWLINE, csvRecords, geoJsonFeatures, XLSX_FORMATS, xlsxValues } from '../matching/export.ts';
import type { RowOutcome } from '../matching/types.ts';

export interface OutRow {
  /** The file's cells, then the added ones (exportRows' order). */
  cells: string[];
  outcome: RowOutcome | null;
}

export interface RowSink {
  write(rows: readonly OutRow[]): Promise<void>;
  end(): Promise<void>;
}

async function put(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}

async function finish(out: Writable): Promise<void> {
  if (out === process.stdout) return;
  out.end();
  await once(out, 'finish');
}

/** CSV: toCsv's bytes, written in parts (the BOM, the header, then each batch after a CRLF). */
export async function csvSink(out: Writable, header: readonly string[]): Promise<RowSink> {
  await put(out, CSV_BOM + csvRecords([header]));
  return {
    async write(rows) {
      if (rows.length) await put(out, CSV_NEWLINE + csvRecords(rows.map((r) => r.cells)));
    },
    end: () => finish(out),
  };
}

/** GeoJSON: toGeoJson's FeatureCollection, a feature at a time; rows without a place are left out, as there. */
export async function geoJsonSink(out: Writable, fileHeader: readonly string[]): Promise<RowSink> {
  const feature = geoJsonFeatures(fileHeader);
  let first = true;
  await put(out, '{"type":"FeatureCollection","features":[');
  return {
    async write(rows) {
      let text = '';
      for (const row of rows) {
        const found = feature(row.cells, row.outcome);
        if (!found) continue;
        text += (first ? '' : ',') + JSON.stringify(found);
        first = false;
      }
      if (text) await put(out, text);
    },
    async end() {
      await put(out, ']}');
      await finish(out);
    },
  };
}

/** XLSX: toXlsx's sheet (bold frozen header with a filter, numbers as numbers), through exceljs's streaming writer. */
export async function xlsxSink(file: string, header: readonly string[], firstAdded: number): Promise<RowSink> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Matched', { views: [{ state: 'frozen', ySplit: 1 }] });
  if (header.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: header.length } };
  const top = sheet.addRow([...header]);
  top.font = { bold: true };
  top.commit();
  return {
    async write(rows) {
      for (const { cells } of rows) {
        const row = sheet.addRow(xlsxValues(cells, firstAdded));
        XLSX_FORMATS.forEach((format, i) => {
          if (format && cells[firstAdded + i] !== '') row.getCell(firstAdded + i + 1).numFmt = format;
        });
        row.commit();
      }
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
  };
}

/** A file written beside its final name and renamed when whole, so a failed run leaves no half file behind. */
export function partialFile(final: string): { path: string; keep(): void; drop(): void } {
  const partial = `${final}.partial-${process.pid}`;
  return {
    path: partial,
    keep: () => fs.renameSync(partial, final),
    drop: () => fs.rmSync(partial, { force: true }),
  };
}
