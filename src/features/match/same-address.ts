import { foldName } from '../../contract/names.ts';
import type { ResolvedPlace } from '../../contract/types.ts';
import { addressesOf, rowFixed } from './job-state.ts';
import { CHUNK_ROWS } from './job-store.ts';
import type { RowIndex } from './row-index.ts';

/** An address as compared with another: any case, any accent, any spacing. */
const sameness = (address: string) => foldName(address).replace(/\s+/g, ' ').trim();

/**
 * The rows other than `row` whose address is the same as its own (read a chunk at a time, as the review's search
 * reads them) and that no person has fixed: what a fix of `row` can be offered to. Throws when `signal` aborts.
 */
export async function rowsLike(index: RowIndex, row: number, signal: AbortSignal): Promise<number[]> {
  const k = Math.floor(row / CHUNK_ROWS);
  const wanted = sameness((await addressesOf(k))[row - k * CHUNK_ROWS] ?? '');
  if (!wanted) return [];
  const like: number[] = [];
  for (let chunk = 0; chunk * CHUNK_ROWS < index.rows; chunk++) {
    const addresses = await addressesOf(chunk);
    signal.throwIfAborted();
    addresses.forEach((address, i) => {
      const other = chunk * CHUNK_ROWS + i;
      if (other !== row && !index.isFixed(other) && sameness(address) === wanted) like.push(other);
    });
  }
  return like;
}

/** The same place chosen for each of these rows, as for one (job-state's rowFixed), one after the other. */
export async function rowsFixed(rows: readonly number[], place: ResolvedPlace) {
  for (const row of rows) await rowFixed(row, place);
}
