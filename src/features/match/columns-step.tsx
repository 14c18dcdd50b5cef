import { useEffect, useId, useMemo, useState } from 'react';
import { useConfig } from '../../config/config-context.ts';
import { addressOf, guessColumns, namesAPlace, ROLE_LABELS } from '../../matching/columns.ts';
import type { ColumnMap, ColumnRole, TableInfo } from '../../matching/types.ts';
import { columnsChosen, jobCleared, rowsOf, useJob, useMatchEngine } from './job-state.ts';

const ROLES = Object.keys(ROLE_LABELS) as ColumnRole[];
const PREVIEW_ROWS = 5;

/** How the file was read, in words: "CSV, UTF-8, separated by semicolons, with a header row". */
function howRead(table: TableInfo) {
  const separator = { ',': 'commas', ';': 'semicolons', '\t': 'tabs', '|': 'bars' }[table.delimiter ?? ''];
  return [
    table.format === 'xlsx' ? 'Excel workbook' : table.format.toUpperCase(),
    table.encoding === 'windows-1252' ? 'Windows-1252 text' : table.encoding === 'utf-8' ? 'UTF-8 text' : null,
    separator && `separated by ${separator}`,
    table.headerDetected === false ? 'no header row found (columns are numbered)' : 'with a header row',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The second step: a preview of the first rows, and which column holds what, guessed from the header. */
export function ColumnsStep() {
  const job = useJob();
  // The first chunk of rows: the preview, and what the guess reads besides the header.
  const [sample, setSample] = useState<{ id: string; rows: string[][] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!job) return;
    let live = true;
    rowsOf(0).then(
      (rows) => live && setSample({ id: job.id, rows }),
      (error) => live && setFailed(String(error)),
    );
    return () => {
      live = false;
    };
  }, [job]);
  if (!job) return null;
  if (failed) return <p role="alert">The file's first rows could not be read: {failed}</p>;
  if (sample?.id !== job.id) return <p role="status">Reading the first rows…</p>;
  return <ColumnsForm table={job.table} sample={sample.rows} />;
}

function ColumnsForm({ table, sample }: { table: TableInfo; sample: string[][] }) {
  const { apiBaseUrl } = useConfig();
  const engine = useMatchEngine();
  const guessed = useMemo(() => guessColumns(table.header, sample), [table, sample]);
  const [columns, setColumns] = useState<ColumnMap>(guessed);
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const roleOf = (column: number) => ROLES.find((role) => columns[role] === column) ?? '';
  const assign = (column: number, role: ColumnRole | '') => {
    const next: ColumnMap = {};
    for (const r of ROLES) if (columns[r] !== undefined && columns[r] !== column && r !== role) next[r] = columns[r];
    if (role) next[role] = column;
    setColumns(next);
    setProblem(null);
  };
  const usable = namesAPlace(columns);
  const samples = sample.slice(0, 3).map((row) => addressOf(row, columns));

  return (
    <form
      className="match-columns"
      aria-describedby={problem ? problemId : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (!usable) return setProblem('Say which column holds the address, or which hold its parts.');
        void columnsChosen(columns);
      }}
    >
      <p>
        <strong>{table.fileName}</strong>: {table.rowCount.toLocaleString('en')} rows. Read as {howRead(table)}.
      </p>
      <section className="match-preview" aria-label="The file's first rows">
        <table>
          <caption className="visually-hidden">The first {PREVIEW_ROWS} rows, and what each column holds</caption>
          <thead>
            <tr>
              {table.header.map((name, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a file
                <th key={column} scope="col">
                  <span className="match-column-name">{name}</span>
                  <select
                    aria-label={`What column “${name}” holds`}
                    value={roleOf(column)}
                    onChange={(event) => assign(column, event.currentTarget.value as ColumnRole | '')}
                  >
                    <option value="">Not used</option>
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sample.slice(0, PREVIEW_ROWS).map((row, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows never move
              <tr key={i}>
                {row.map((cell, column) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed for a file
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {usable && (
        <div className="match-samples">
          <p>Matched as:</p>
          <ul>
            {samples.map((text, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the first rows, in file order
              <li key={i}>{text || <em>(empty: the row is kept, marked unmatched)</em>}</li>
            ))}
          </ul>
        </div>
      )}
      {problem && (
        <p id={problemId} className="match-error" role="alert">
          {problem}
        </p>
      )}
      {engine === 'server' && (
        <p className="match-hint">The addresses are sent to {new URL(apiBaseUrl).host} to be matched.</p>
      )}
      <div className="match-actions">
        <button type="submit">Match {table.rowCount.toLocaleString('en')} rows</button>
        <button type="button" onClick={() => void jobCleared()}>
          Choose another file
        </button>
      </div>
    </form>
  );
}
