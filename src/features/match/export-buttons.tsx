import { useState } from 'react';
import { exportFileName } from '../../matching/export.ts';
import { exportCells, exportHeader } from '../../matching/export-rows.ts';
import {
  csvWriter,
  geoJsonWriter,
  type RowWriter,
  TOO_MANY_ROWS,
  XLSX_MAX_ROWS,
  xlsxWriter,
} from '../../matching/export-stream.ts';
import { chunksOf } from './job-state.ts';
import type { MatchJob } from './job-store.ts';
import { saveStreamed } from './save-file.ts';

type Kind = 'csv' | 'xlsx' | 'geojson';

const TYPE: Record<Kind, string> = {
  csv: 'text/csv;charset=utf-8',
  geojson: 'application/geo+json',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * The matched file as CSV (Excel opens it as UTF-8), as an Excel workbook, and its rows as GeoJSON points. Each is
 * written a chunk of rows at a time, from IndexedDB to a file on disk (save-file.ts), so a million rows are never
 * in the page at once; the button says how far it is.
 */
export function ExportButtons({ job, disabled }: { job: MatchJob; disabled: boolean }) {
  const [busy, setBusy] = useState<{ kind: Kind; share: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tooManyForExcel = job.table.rowCount > XLSX_MAX_ROWS;
  const make = async (kind: Kind) => {
    setBusy({ kind, share: 0 });
    setError(null);
    try {
      const header = exportHeader(job.table);
      await saveStreamed(exportFileName(job.table.fileName, kind), TYPE[kind], async (sink) => {
        const writer: RowWriter =
          kind === 'csv'
            ? csvWriter(sink, header)
            : kind === 'geojson'
              ? geoJsonWriter(sink, job.table.header)
              : xlsxWriter(sink, header, job.table.header.length);
        let done = 0;
        for await (const { rows, outcomes } of chunksOf(job)) {
          await writer.write(rows.map((row, i) => ({ cells: exportCells(row, outcomes[i]), outcome: outcomes[i] })));
          done += rows.length;
          setBusy({ kind, share: done / Math.max(1, job.table.rowCount) });
        }
        await writer.end();
      });
    } catch (e) {
      setError(`The export failed: ${(e as Error).message}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <fieldset className="match-export">
      <legend>Export</legend>
      {(['csv', 'xlsx', 'geojson'] as const).map((kind) => (
        <button
          key={kind}
          type="button"
          disabled={disabled || busy !== null || (kind === 'xlsx' && tooManyForExcel)}
          onClick={() => void make(kind)}
        >
          {{ csv: 'CSV', xlsx: 'Excel', geojson: 'GeoJSON' }[kind]}
          {busy?.kind === kind && ` ${Math.round(busy.share * 100)}%`}
        </button>
      ))}
      {disabled && <span className="match-hint">once every row is matched</span>}
      {!disabled && tooManyForExcel && <span className="match-hint">{TOO_MANY_ROWS}</span>}
      {error && <p role="alert">{error}</p>}
    </fieldset>
  );
}
