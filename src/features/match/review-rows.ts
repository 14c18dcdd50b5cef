import { foldName } from '../../contract/names.ts';
import type { MatchStatus } from '../../contract/types.ts';
import { placeLabel, type RowIndex } from './row-index.ts';

/** Which rows the review shows: a status (a fixed row is also `matched`), a confidence range, words. */
export interface ReviewFilter {
  status: 'all' | MatchStatus | 'fixed';
  /** Rows below this confidence are hidden (0 shows all); unmatched rows count as 0. */
  minConfidence: number;
  /** Only rows at or below it (1 shows all): "the least sure first" work. */
  maxConfidence: number;
  text: string;
  sort: 'row' | 'confidence' | 'place';
}

export const ALL_ROWS: ReviewFilter = { status: 'all', minConfidence: 0, maxConfidence: 1, text: '', sort: 'row' };

/** The words of a search, folded as places' names are (any case, any accent). */
export const searchWords = (text: string) => foldName(text).split(/\s+/).filter(Boolean);

/** Rows below 2^21 (2,097,152) fit under a sort key's fraction: key = rank × 2^21 + row, sorted as numbers. */
const ROW_BITS = 2 ** 21;

/**
 * The rows to show, by index, in order. `found` marks the rows whose address or place holds every word of the
 * search (findRows), or is null when there are no words. Sorting a million rows goes through a Float64Array of
 * keys (rank, then row), which the engine sorts natively, not through a comparator called 20 million times.
 */
export function reviewRows(index: RowIndex, filter: ReviewFilter, found: Uint8Array | null): number[] {
  const out: number[] = [];
  for (let i = 0; i < index.rows; i++) {
    if (found && !found[i]) continue;
    if (filter.status === 'fixed' ? !index.isFixed(i) : filter.status !== 'all' && index.statusOf(i) !== filter.status)
      continue;
    const confidence = index.confidence[i];
    if (confidence < filter.minConfidence || confidence > filter.maxConfidence) continue;
    out.push(i);
  }
  if (filter.sort === 'row') return out;
  const keys = new Float64Array(out.length);
  if (filter.sort === 'confidence') {
    // Confidence is at most two decimals in every answer; fixed rows are 1.
    out.forEach((row, k) => {
      keys[k] = Math.round(index.confidence[row] * 10_000) * ROW_BITS + row;
    });
  } else {
    const rank = placeRanks(index);
    out.forEach((row, k) => {
      keys[k] = (index.place[row] < 0 ? 0 : rank[index.place[row]] + 1) * ROW_BITS + row;
    });
  }
  keys.sort();
  return Array.from(keys, (key) => key % ROW_BITS);
}

/** Each place's rank when places are sorted by province, then town, then barangay. */
function placeRanks(index: RowIndex): Int32Array {
  const labels = index.places.map((p) => placeLabel(p).split(' · ').reverse().join(' '));
  const order = labels.map((_, i) => i).sort((a, b) => labels[a].localeCompare(labels[b]) || a - b);
  const rank = new Int32Array(labels.length);
  order.forEach((place, r) => {
    rank[place] = r;
  });
  return rank;
}

/**
 * Marks the rows whose address (their text, `addressOf`) or place holds every word, reading the file a chunk at a
 * time (`chunk(k)` gives chunk k's addresses; CHUNK_ROWS per chunk). Each chunk's read is awaited, so the page
 * answers between them; `onProgress` gets the share done. Throws when `signal` aborts (a newer search).
 */
export async function findRows(
  index: RowIndex,
  words: readonly string[],
  chunkRows: number,
  chunk: (k: number) => Promise<readonly string[]>,
  signal: AbortSignal,
  onProgress: (share: number) => void = () => {},
): Promise<Uint8Array> {
  const found = new Uint8Array(index.rows);
  const placeHas = index.places.map((p) => {
    const label = foldName(placeLabel(p));
    return words.map((w) => label.includes(w));
  });
  const chunks = Math.ceil(index.rows / chunkRows);
  for (let k = 0; k < chunks; k++) {
    const texts = await chunk(k);
    signal.throwIfAborted();
    texts.forEach((text, i) => {
      const row = k * chunkRows + i;
      const inPlace = index.place[row] < 0 ? null : placeHas[index.place[row]];
      const folded = foldName(text);
      if (words.every((w, j) => inPlace?.[j] || folded.includes(w))) found[row] = 1;
    });
    onProgress((k + 1) / chunks);
  }
  return found;
}

const STATUS_LABEL = { matched: 'Matched', ambiguous: 'Ambiguous', unmatched: 'Unmatched' } as const;

/** A row's status as the review says it; a row a person fixed says so. */
export function statusText(index: RowIndex, row: number) {
  const status = index.statusOf(row);
  if (!status) return 'Not matched yet';
  return index.isFixed(row) ? 'Fixed' : STATUS_LABEL[status];
}
