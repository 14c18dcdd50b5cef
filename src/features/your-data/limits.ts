import { fileSize, type TableLimits } from '../../matching/table-error.ts';

/**
 * How large a table of figures may be. It is held in the page and in IndexedDB whole (it is drawn, sorted and
 * downloaded from), unlike a file of addresses, which is streamed: every barangay of the country with a few
 * columns is about 3 MB and 42,000 rows, so 50 MB and 250,000 rows leave room for wide tables and long ones.
 */
export const TABLE_LIMITS: TableLimits = { maxRows: 250_000, maxBytes: 50 * 1024 * 1024 };

/** The sentence for a file over the size limit, said before any of it is read. */
export const tooLargeText = (name: string, bytes: number) =>
  `“${name}” is ${fileSize(bytes)}; a table to put on the map can be at most ${fileSize(TABLE_LIMITS.maxBytes)} ` +
  '(every barangay of the country with a few columns is about 3 MB). Keep only the code or name columns and the ' +
  'figures you want to map, save it as CSV, and open it again.';
