import { useMemo } from 'react';
import type { PlaceFigures, PlaceLevel, StepKindName } from '../../ui/place-figures.ts';
import { type ColumnFigures, figuresOf, type Shading, shadingOf } from './figures.ts';
import { figureText } from './numbers.ts';
import { type JoinReport, reportOf } from './report.ts';
import type { SavedTable } from './saved-table.ts';
import { useTable } from './state.ts';

/** The last answer of `fn`, computed again only when an argument changes identity: shared by every reader. */
function lastOf<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  let last: { args: A; value: R } | undefined;
  return (...args: A) => {
    if (!last || args.some((a, i) => a !== last!.args[i])) last = { args, value: fn(...args) };
    return last.value;
  };
}

const report = lastOf((joins: SavedTable['joins']) => reportOf(joins));
const figures = lastOf(
  (header: string[], rows: string[][], joins: SavedTable['joins'], column: number): ColumnFigures =>
    figuresOf(header, rows, report(joins), column),
);
const shading = lastOf((numbers: number[], method: SavedTable['method'], palette: SavedTable['palette']) =>
  shadingOf(numbers, method, palette),
);

/** The join report of the table kept, or null. */
export function useReport(): JoinReport | null {
  const table = useTable();
  return table ? report(table.joins) : null;
}

/** The chosen column's figures, or null until a column is chosen. */
export function useColumnFigures(): ColumnFigures | null {
  const table = useTable();
  if (!table || table.column == null) return null;
  return figures(table.header, table.rows, table.joins, table.column);
}

export function useShading(): Shading | null {
  const table = useTable();
  const column = useColumnFigures();
  if (!table || !column?.numbers.length) return null;
  return shading(column.numbers, table.method, table.palette);
}

/** The steps at which the map draws a table's places: its level's own, and the one above. */
export const DRAWN_AT: Record<PlaceLevel, StepKindName[]> = {
  region: ['country'],
  province: ['country', 'region'],
  town: ['region', 'province', 'municity'],
  barangay: ['province', 'municity'],
};

/** The figures on the map, for the explorer's facts, lists and downloads; null while none are shown. */
export function usePlaceFiguresOf(): PlaceFigures | null {
  const table = useTable();
  const level = useReport()?.level;
  const column = useColumnFigures();
  const shown = !!table?.shown;
  const fileName = table?.fileName ?? '';
  return useMemo(() => {
    if (!shown || !column || !level || !column.numbers.length) return null;
    return {
      label: column.label,
      source: fileName,
      level,
      valueOf: (code) => column.valueOf.get(code),
      format: (value) => figureText(value, column.written),
      drawnAt: (kind) => DRAWN_AT[level].includes(kind),
    };
  }, [shown, column, level, fileName]);
}
