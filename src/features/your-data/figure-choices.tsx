import { CLASS_METHODS, type ClassMethod, METHOD_LABELS } from '../../map/class-methods.ts';
import { PALETTES, type PaletteName } from '../../map/palettes.ts';
import type { ColumnFigures, Shading } from './figures.ts';
import { keyColumnsOf } from './keys.ts';
import type { SavedTable } from './saved-table.ts';
import { methodChosen, paletteChosen, tableChanged } from './state.ts';

const count = (n: number) => n.toLocaleString('en');

/** The columns a table's figures may come from: all but those naming the places. */
function figureColumns(table: SavedTable): number[] {
  const key = keyColumnsOf(table.key);
  return table.header.map((_, i) => i).filter((i) => !key.includes(i));
}

/** Which column colours the map, and how: classes and palette (only the palettes that suit the figures). */
export function FigureChoices({
  table,
  figures,
  shading,
}: {
  table: SavedTable;
  figures: ColumnFigures | null;
  shading: Shading | null;
}) {
  const palettes = (Object.keys(PALETTES) as PaletteName[]).filter(
    (p) => (PALETTES[p].kind === 'diverging') === !!shading?.diverging,
  );
  return (
    <div className="your-data-choices">
      <label>
        Figures from
        <select
          value={table.column ?? ''}
          onChange={(e) => void tableChanged({ column: e.target.value === '' ? null : Number(e.target.value) })}
        >
          {table.column == null && <option value="">Choose a column</option>}
          {figureColumns(table).map((i) => (
            <option key={i} value={i}>
              {table.header[i]}
            </option>
          ))}
        </select>
      </label>
      {figures && !figures.numbers.length && (
        <p className="your-data-error" role="alert">
          “{figures.label}” holds no numbers in the rows joined
          {figures.unreadable.length > 0 &&
            ` (it has ${figures.unreadable
              .slice(0, 3)
              .map((u) => `“${u.text}”`)
              .join(', ')})`}
          : choose a column of figures, such as 1,234 or 12.5%.
        </p>
      )}
      {figures && figures.numbers.length > 0 && <NotNumbers figures={figures} headerRow={table.headerRow} />}
      <label>
        Classes
        <select value={table.method} onChange={(e) => void methodChosen(e.target.value as ClassMethod)}>
          {CLASS_METHODS.map((m) => (
            <option key={m} value={m}>
              {METHOD_LABELS[m]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Colours
        <select
          value={shading?.palette ?? ''}
          onChange={(e) => void paletteChosen(e.target.value as PaletteName)}
          disabled={!shading}
        >
          {palettes.map((p) => (
            <option key={p} value={p}>
              {PALETTES[p].label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

/** The joined rows whose cell is no number: drawn as places without a figure, and said here, never taken as 0. */
function NotNumbers({ figures, headerRow }: { figures: ColumnFigures; headerRow: boolean }) {
  const { blank, dashes, unreadable } = figures;
  const total = blank.length + dashes.length + unreadable.length;
  if (!total) return null;
  const parts = [
    dashes.length && `${count(dashes.length)} marked “${dashes[0].text}”`,
    blank.length && `${count(blank.length)} blank`,
    unreadable.length && `${count(unreadable.length)} not a number`,
  ].filter(Boolean);
  const rowNumber = (row: number) => row + (headerRow ? 2 : 1);
  return (
    <details className="your-data-rows">
      <summary>
        {count(total)} joined {total === 1 ? 'row has' : 'rows have'} no number in “{figures.label}” ({parts.join(', ')}
        ): drawn as no figure, not as zero
      </summary>
      <ul>
        {[...unreadable, ...dashes].slice(0, 100).map((u) => (
          <li key={u.row}>
            Row {rowNumber(u.row)}: “{u.text}”
          </li>
        ))}
        {blank.slice(0, 100).map((row) => (
          <li key={row}>Row {rowNumber(row)}: blank</li>
        ))}
      </ul>
    </details>
  );
}
