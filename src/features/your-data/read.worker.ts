import { expose } from 'comlink';
import { readTable, TableError } from '../../matching/read-table.ts';
import type { SourceTable } from '../../matching/types.ts';
import { TABLE_LIMITS } from './limits.ts';

/**
 * Reads a table off the page's main thread with the matcher's reader (XLSX or delimited text, its encoding,
 * separator and header found as "Match a file" finds them). Comlink sends a thrown Error as its message only, so
 * a TableError goes back in its serialised form, rebuilt by read-client.ts.
 */
const api = {
  async read(name: string, bytes: Uint8Array): Promise<SourceTable> {
    try {
      return await readTable({ name, bytes }, TABLE_LIMITS);
    } catch (error) {
      throw error instanceof TableError ? error.toJSON() : error;
    }
  },
};

export type ReadWorker = typeof api;

expose(api);
