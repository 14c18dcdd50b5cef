import type { BatchGeocodeResult } from '../../contract/types.ts';
import { addressOf } from '../../matching/columns.ts';
import type { ColumnMap } from '../../matching/types.ts';
import type { CodeBook, CodeFound, KnownUnit, NineDigits } from './code-book.ts';

/** A row joined to a place of the code list, or why it is not. Plain data: it is stored with the table. */
export type RowJoin =
  | {
      kind: 'joined';
      unit: KnownUnit;
      /** What the crosswalk said of an older list's code. */
      note?: string;
      /** The place's name and those above it, where the geocoder found it by name. */
      name?: string;
    }
  | { kind: 'missing'; reason: string };

/** Each row by its code: the place it names now (an older list's code through the crosswalk), or why none. */
export function joinByCode(rows: readonly string[][], column: number, nine: NineDigits, book: CodeBook): RowJoin[] {
  return rows.map((row) => joinOfCode(book.lookUp(row[column] ?? '', nine), book));
}

function joinOfCode(found: CodeFound, book: CodeBook): RowJoin {
  switch (found.kind) {
    case 'found':
      return found.note ? { kind: 'joined', unit: found.unit, note: found.note } : { kind: 'joined', unit: found.unit };
    case 'empty':
      return { kind: 'missing', reason: 'No code in the row.' };
    case 'not-a-code':
      return { kind: 'missing', reason: `“${found.text}” is not a PSGC code.` };
    case 'unknown':
      return {
        kind: 'missing',
        reason: `No place has the code ${found.text} in the ${book.vintage} list or the lists before it.`,
      };
    case 'split': {
      const { split } = found;
      const parts = split.parts.map((p) => p.name).join(', ');
      return {
        kind: 'missing',
        reason: `${split.name} (${split.code}, ${split.vintages.join(', ')}) was split in ${split.since} into ${parts}: give the parts' own codes.`,
      };
    }
  }
}

/** Rows per batch given to the geocoder, and batches on their way at once. */
const BATCH = 500;
const AT_ONCE = 2;

/**
 * Each row by its names, read by the geocoder's batch as "Match a file" reads an address (the names' columns
 * joined, most specific first: "Sto. Niño, Cebu" finds the town in its province). A row is joined to the place
 * when the geocoder is sure of it; an ambiguous or unmatched row is not, with the geocoder's reason.
 */
export async function joinByNames(
  rows: readonly string[][],
  columns: ColumnMap,
  match: (addresses: string[], signal: AbortSignal) => Promise<BatchGeocodeResult[]>,
  book: CodeBook,
  { signal, onProgress }: { signal: AbortSignal; onProgress?: (done: number) => void },
): Promise<RowJoin[]> {
  // A row's region is read only where it gives no province: a province names its region, and a table's region
  // names go stale as regions are made (Negros Occidental, "Region VI (Western Visayas)" in 2015, is in the
  // Negros Island Region since 2024, and its stale region made every row of it ambiguous).
  const { region, ...withoutRegion } = columns;
  const provinceOf = (row: readonly string[]) => (columns.province === undefined ? '' : (row[columns.province] ?? ''));
  const addresses = rows.map((row) => addressOf([...row], provinceOf(row).trim() ? withoutRegion : columns));
  const joins: RowJoin[] = new Array(rows.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < rows.length) {
      const start = next;
      next += BATCH;
      const batch = addresses.slice(start, start + BATCH);
      const results = await match(batch, signal);
      signal.throwIfAborted();
      results.forEach((result, i) => {
        joins[start + i] = joinOfResult(result, batch[i], book);
      });
      done += batch.length;
      onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return joins;
}

function joinOfResult(result: BatchGeocodeResult, address: string, book: CodeBook): RowJoin {
  if (!address.trim()) return { kind: 'missing', reason: 'No name in the row.' };
  const place = result.match;
  if (result.status === 'matched' && place && !place.split) {
    const unit = book.unit(place.psgc_code);
    if (unit) return { kind: 'joined', unit, name: placeName(place) };
  }
  if (result.status === 'ambiguous') {
    const names = result.candidates.slice(0, 3).map(placeName);
    return {
      kind: 'missing',
      reason: `“${address}” could be ${names.join(' or ')}${result.reason ? ` (${result.reason})` : ''}: add the province or a code.`,
    };
  }
  return { kind: 'missing', reason: `“${address}”: ${result.reason ?? 'no place of that name.'}` };
}

const placeName = (p: NonNullable<BatchGeocodeResult['match']>) =>
  [p.name, p.city_municipality?.name !== p.name ? p.city_municipality?.name : null, p.province?.name]
    .filter(Boolean)
    .join(', ');
