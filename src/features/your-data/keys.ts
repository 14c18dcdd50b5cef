import { guessColumns, headerWords, namesAPlace } from '../../matching/columns.ts';
import type { ColumnMap } from '../../matching/types.ts';
import { type CodeBook, codeDigits, type NineDigits } from './code-book.ts';

/** What names a row's place: a column of codes, or the columns of its names (read as "Match a file" reads them). */
export type TableKey = { kind: 'code'; column: number; nine: NineDigits } | { kind: 'names'; columns: ColumnMap };

/** The columns that name a row's place, most particular first: the code's, or the address, barangay, town… */
export function keyColumnsOf(key: TableKey): number[] {
  if (key.kind === 'code') return [key.column];
  const { address, barangay, town, province, region } = key.columns;
  return [address, barangay, town, province, region].filter((c): c is number => c !== undefined);
}

/** Header words of a code column: "PSGC", "Code", "Mun_Code", "PCODE", "ADM3_PCODE", "Geocode". */
const CODE_WORDS = new Set(['psgc', 'code', 'pcode', 'geocode', 'id']);
/** How many rows the guess reads: enough to tell a code column and its form, quick on 42,000 rows. */
const SAMPLE = 1000;

/**
 * Which column names the rows' places. A column of codes first: one whose filled cells are nearly all written
 * as codes (8 to 10 digits, "PH" and separators aside) and that finds units of the code list, or whose header
 * names a code; the nine-digit reading that finds more units decides its form, and among columns the one that
 * finds the most wins. Else the columns of names "Match a file" would read (barangay, city or municipality,
 * province, region, or an address). Null when the table has neither.
 */
export function guessKey(header: readonly string[], rows: readonly string[][], book: CodeBook): TableKey | null {
  const sample = rows.slice(0, SAMPLE);
  let best: { column: number; nine: NineDigits; hits: number; named: boolean } | undefined;
  for (let column = 0; column < header.length; column++) {
    const cells = sample.map((r) => r[column] ?? '').filter((c) => c.trim());
    if (!cells.length || cells.filter((c) => codeDigits(c)).length < cells.length * 0.8) continue;
    const named = headerWords(header[column]).some((w) => CODE_WORDS.has(w));
    for (const nine of ['correspondence', 'psgc-lost-zero'] as const) {
      const hits = cells.filter((c) => book.lookUp(c, nine).kind === 'found').length;
      if (!hits && !named) continue;
      const better =
        !best || hits > best.hits || (hits === best.hits && named && !best.named && best.column !== column);
      if (better) best = { column, nine, hits, named };
    }
  }
  if (best) return { kind: 'code', column: best.column, nine: best.nine };
  const columns = guessColumns([...header], sample);
  return namesAPlace(columns) ? { kind: 'names', columns } : null;
}
