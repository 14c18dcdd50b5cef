import type { ReactNode } from 'react';
import { keyColumnsOf } from './keys.ts';
import { type JoinReport, LEVEL_NAMES } from './report.ts';
import type { SavedTable } from './saved-table.ts';

const count = (n: number) => n.toLocaleString('en');
/** How many rows of a list are listed; the rest are counted. */
const LISTED = 100;

/** What named the rows' places, in words. */
function keyText(table: SavedTable): string {
  const columns = keyColumnsOf(table.key).map((c) => `“${table.header[c]}”`);
  return `their ${table.key.kind === 'code' ? 'codes' : 'names'} in ${columns.join(', ')}`;
}

/**
 * The join report, before anything is drawn: how many rows were joined to a place of the table's level, and
 * each row that was not, two rows for one place, and rows of another level, with its number and why. The counts
 * add up to the table's rows.
 */
export function JoinReportView({ table, report }: { table: SavedTable; report: JoinReport }) {
  const rowNumber = (row: number) => row + (table.headerRow ? 2 : 1);
  const keyColumns = keyColumnsOf(table.key);
  /** What a row names its place by, as it writes it: “Hinoba-An (Asia), Negros Occidental”. */
  const written = (row: number) =>
    `“${keyColumns
      .map((c) => (table.rows[row][c] ?? '').trim())
      .filter(Boolean)
      .join(', ')}”`;
  const level = report.level ? LEVEL_NAMES[report.level] : null;
  return (
    <section className="your-data-report" aria-label="Join report">
      <ul className="your-data-counts">
        <li>
          <strong>{count(report.rows)}</strong> rows in “{table.fileName}”
        </li>
        <li>
          <strong>{count(report.rowOf.size)}</strong> joined
          {level ? ` to ${level.many}, by ${keyText(table)}` : ''}
          {report.recoded.length > 0 && ` (${count(report.recoded.length)} through an older list's code)`}
        </li>
        <li>
          <strong>{count(report.notJoined.length)}</strong> not joined
        </li>
        <li>
          <strong>{count(report.duplicates.length)}</strong> for a place another row is for
        </li>
        <li>
          <strong>{count(report.otherLevel.length)}</strong> of another level{level ? ` than ${level.one}` : ''}
        </li>
      </ul>
      <RowList title="Rows not joined" rows={report.notJoined} text={(r) => `Row ${rowNumber(r.row)}: ${r.reason}`} />
      <RowList
        title="Two rows for one place (the first one's figures are drawn)"
        rows={report.duplicates}
        text={(r) => `Row ${rowNumber(r.row)}: ${written(r.row)} is ${r.code}, as row ${rowNumber(r.first)} is`}
      />
      <RowList
        title="Rows of another level (not drawn)"
        rows={report.otherLevel}
        text={(r) =>
          `Row ${rowNumber(r.row)}: ${written(r.row)} is a ${LEVEL_NAMES[r.level].one}${r.name ? `, ${r.name}` : ''} (${r.code})`
        }
      />
      <RowList
        title="Rows joined through an older list's code"
        rows={report.recoded}
        text={(r) => `Row ${rowNumber(r.row)}: ${r.note}`}
      />
    </section>
  );
}

function RowList<T>({ title, rows, text }: { title: string; rows: T[]; text: (row: T) => ReactNode }) {
  if (!rows.length) return null;
  return (
    <details className="your-data-rows">
      <summary>
        {title} ({count(rows.length)})
      </summary>
      <ul>
        {rows.slice(0, LISTED).map((row, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, in the table's order
          <li key={i}>{text(row)}</li>
        ))}
        {rows.length > LISTED && <li>… and {count(rows.length - LISTED)} more</li>}
      </ul>
    </details>
  );
}
