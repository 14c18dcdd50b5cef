import { useState } from 'react';
import { exportFileName, type MatchExport, toCsv, toGeoJson, toXlsx } from '../../matching/export.ts';
import type { RowOutcome } from '../../matching/types.ts';
import { chunksOf } from './job-state.ts';
import type { MatchJob } from './job-store.ts';

/** The job's rows and outcomes, read from IndexedDB a chunk at a time. */
async function exported(job: MatchJob): Promise<MatchExport> {
  const rows: string[][] = [];
  const results: (RowOutcome | null)[] = [];
  for await (const chunk of chunksOf(job)) {
    rows.push(...chunk.rows);
    results.push(...chunk.outcomes);
  }
  const { rowCount: _, ...table } = job.table;
  return { table: { ...table, rows }, results };
}

/** Saves a file the browser makes, under a name that says what it is. */
function download(name: string, data: BlobPart, type: string) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The matched file as CSV (Excel opens it as UTF-8), as an Excel workbook, and its rows as GeoJSON points. */
export function ExportButtons({ job, disabled }: { job: MatchJob; disabled: boolean }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const make = async (kind: 'csv' | 'xlsx' | 'geojson') => {
    setBusy(kind);
    setError(null);
    try {
      const name = exportFileName(job.table.fileName, kind);
      const whole = await exported(job);
      if (kind === 'csv') download(name, toCsv(whole), 'text/csv;charset=utf-8');
      if (kind === 'geojson') download(name, toGeoJson(whole), 'application/geo+json');
      if (kind === 'xlsx') {
        const bytes = await toXlsx(whole);
        download(
          name,
          bytes as Uint8Array<ArrayBuffer>,
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        );
      }
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
        <button key={kind} type="button" disabled={disabled || busy !== null} onClick={() => void make(kind)}>
          {{ csv: 'CSV', xlsx: 'Excel', geojson: 'GeoJSON' }[kind]}
          {busy === kind && '…'}
        </button>
      ))}
      {disabled && <span className="match-hint">once every row is matched</span>}
      {error && <p role="alert">{error}</p>}
    </fieldset>
  );
}
