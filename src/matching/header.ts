import { isHeaderWord } from './columns.ts';

/** A cell that is a value, never a column's name: a number, an amount or a date. */
const VALUE = /^(?:[-+]?\d[\d,\s]*(?:\.\d+)?|\d{4}-\d{1,2}-\d{1,2}.*|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4})$/;
const hasDigit = (s: string) => /\d/.test(s);
/** A column counts as "digits" when this share of its cells below the first row have some. */
const MOSTLY = 0.6;
/** Longer than this, or with a comma, a cell reads as data (an address) rather than as a column's name. */
const NAME_LENGTH = 40;

/**
 * Whether the first non-empty row names the columns. In order, the first rule that decides:
 * 1. not a header if a cell is a number or a date, if two cells are the same, or if a cell is repeated
 *    in its column below (a header's name is not a value of its own column);
 * 2. a header if a cell is a usual column name ("Barangay", "Complete Address", "Facility Name");
 * 3. the rows below against the first: a column whose cells below are mostly numbers says header (its first
 *    cell is none, by rule 1: "perc_u5" over 0.0574); else a column whose cells below mostly have digits,
 *    where the first row has words, says header; where the first row has digits too, it says data; the
 *    majority decides;
 * 4. otherwise a header if every cell is short and has no comma, the way names of columns are.
 * `body` is a sample of the rows after the first.
 */
export function looksLikeHeader(first: string[], body: string[][]): boolean {
  const cells = first.filter(Boolean);
  if (cells.length === 0 || cells.some((c) => VALUE.test(c))) return false;
  const folded = cells.map((c) => c.toLowerCase());
  if (new Set(folded).size < folded.length) return false;
  const repeated = first.some((c, i) => c && body.some((row) => (row[i] ?? '').toLowerCase() === c.toLowerCase()));
  if (repeated) return false;

  if (cells.some(isHeaderWord)) return true;

  let forHeader = 0;
  let forData = 0;
  first.forEach((cell, i) => {
    const below = body.map((row) => row[i] ?? '').filter(Boolean);
    if (!cell || below.length === 0 || below.filter(hasDigit).length < below.length * MOSTLY) return;
    const numbers = below.filter((c) => VALUE.test(c)).length >= below.length * MOSTLY;
    if (numbers || !hasDigit(cell)) forHeader++;
    else forData++;
  });
  if (forHeader !== forData) return forHeader > forData;

  return cells.every((c) => c.length <= NAME_LENGTH && !c.includes(','));
}
