import { useId, useState } from 'react';
import { useConfig } from '../../config/config-context.ts';
import { fileSize, MAX_BYTES, MAX_ROWS, MAX_XLSX_BYTES } from '../../matching/table-error.ts';
import { fileChosen, useMatchEngine } from './job-state.ts';

/** The first step: a file dropped on the area or chosen with the button; its limits said up front. */
export function FileStep() {
  const { apiBaseUrl } = useConfig();
  const engine = useMatchEngine();
  const [over, setOver] = useState(false);
  const hint = useId();
  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void fileChosen(file, engine);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the file input inside does the same by keyboard
    <div
      className="match-drop"
      data-over={over || undefined}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        choose(event.dataTransfer.files);
      }}
    >
      <p>
        Give a spreadsheet of addresses: each row gets its barangay, city or municipality, province and region with
        their PSGC codes, and a point on the map.
      </p>
      <label className="match-choose">
        Choose a file
        <input
          type="file"
          accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={hint}
          onChange={(event) => {
            choose(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
      </label>
      <p id={hint} className="match-hint">
        or drop it here. CSV, TSV or Excel (.xlsx); up to {MAX_ROWS.toLocaleString('en')} rows and {fileSize(MAX_BYTES)}{' '}
        (an Excel workbook up to {fileSize(MAX_XLSX_BYTES)}).{' '}
        {engine === 'browser'
          ? 'The file stays in this browser: it is matched here and kept here until you clear it.'
          : `The file is kept in this browser; its addresses are sent to ${new URL(apiBaseUrl).host} to be matched.`}
      </p>
    </div>
  );
}
