import { breaksAroundZero, classOf, classRanges } from '../../map/class-breaks.ts';
import { type ClassMethod, classBreaks } from '../../map/class-methods.ts';
import { classColours, NO_VALUE_COLOUR, PALETTES, type PaletteName } from '../../map/palettes.ts';
import type { LegendEntry } from '../../ui/legend.tsx';
import { type Figure, type FigureColumn, figureText, readColumn } from './numbers.ts';
import type { JoinReport } from './report.ts';

/** A column's figures for the places of the table's level, and the rows whose cell is no number. */
export interface ColumnFigures {
  label: string;
  /** How the column writes its numbers, for writing them back. */
  written: Pick<FigureColumn, 'percent' | 'decimals'>;
  /** Each place's figure by code; null where its row has no number. */
  valueOf: Map<string, number | null>;
  numbers: number[];
  /** Joined rows whose cell is not a number, by what it is. */
  blank: number[];
  dashes: { row: number; text: string }[];
  unreadable: { row: number; text: string }[];
}

/** Reads a column for the rows the report joined at the table's level (a place's first row). */
export function figuresOf(
  header: readonly string[],
  rows: readonly string[][],
  report: JoinReport,
  column: number,
): ColumnFigures {
  const joined = [...report.rowOf];
  const read = readColumn(joined.map(([, row]) => rows[row][column] ?? ''));
  const figures: ColumnFigures = {
    label: header[column] ?? `Column ${column + 1}`,
    written: { percent: read.percent, decimals: read.decimals },
    valueOf: new Map(),
    numbers: [],
    blank: [],
    dashes: [],
    unreadable: [],
  };
  joined.forEach(([code, row], i) => {
    const figure: Figure = read.figures[i];
    if (figure.kind === 'number') {
      figures.valueOf.set(code, figure.value);
      figures.numbers.push(figure.value);
      return;
    }
    figures.valueOf.set(code, null);
    if (figure.kind === 'blank') figures.blank.push(row);
    else if (figure.kind === 'dash') figures.dashes.push({ row, text: figure.text });
    else figures.unreadable.push({ row, text: figure.text });
  });
  return figures;
}

/** How the places are coloured: the classes' lower bounds and one colour each. */
export interface Shading {
  breaks: number[];
  colours: string[];
  /** The figures run from below zero to above it: a diverging palette centred on zero. */
  diverging: boolean;
  palette: PaletteName;
}

/** Whether a palette suits the figures: a diverging one for figures on both sides of zero, else a sequential one. */
export const paletteFits = (palette: PaletteName, numbers: readonly number[]) =>
  (PALETTES[palette].kind === 'diverging') === crossesZero(numbers);

const crossesZero = (numbers: readonly number[]) => numbers.some((n) => n < 0) && numbers.some((n) => n > 0);

/**
 * The classes of all the table's figures (not only those on the map, so a province's colours mean what another's
 * do), five by the chosen method, with zero as a bound when the figures cross it.
 */
export function shadingOf(numbers: readonly number[], method: ClassMethod, palette: PaletteName | null): Shading {
  const diverging = crossesZero(numbers);
  const breaks = diverging ? breaksAroundZero(classBreaks(numbers, method), numbers) : classBreaks(numbers, method);
  const chosen = palette && paletteFits(palette, numbers) ? palette : diverging ? 'PuOr' : 'YlOrRd';
  return { breaks, colours: classColours(chosen, breaks), diverging, palette: chosen };
}

/** A place's class (its colour's index), or -1 for a place without a figure. */
export const classIndexOf = (value: number | null | undefined, shading: Shading) =>
  value == null ? -1 : classOf(value, shading.breaks);

/**
 * The legend of the places on the map: each class with the range of their figures and how many, then those
 * without a figure; the counts add up to the places drawn.
 */
export function legendOf(figures: ColumnFigures, shading: Shading, drawn: readonly string[]): LegendEntry[] {
  const values: number[] = [];
  let none = 0;
  for (const code of drawn) {
    const value = figures.valueOf.get(code);
    if (value == null) none++;
    else values.push(value);
  }
  const text = (n: number) => figureText(n, figures.written);
  const entries: LegendEntry[] = [];
  classRanges(values, shading.breaks).forEach((range, i) => {
    if (!range) return;
    const span = range.min === range.max ? text(range.min) : `${text(range.min)} to ${text(range.max)}`;
    entries.push({ colour: shading.colours[i], text: `${span} (${range.count.toLocaleString('en')})` });
  });
  if (none) entries.push({ colour: NO_VALUE_COLOUR, text: `No figure in your table (${none.toLocaleString('en')})` });
  return entries;
}
