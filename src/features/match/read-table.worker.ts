import { expose } from 'comlink';
import { type DroppedFile, readTable, TableError } from '../../matching/read-table.ts';
import type { SourceTable } from '../../matching/types.ts';

/**
 * readTable off the main thread. Comlink sends a thrown Error as its message and name only, so a TableError is
 * thrown as its plain serialised form (kept whole by structured clone) and rebuilt by read-table-client.ts.
 */
const api = {
  async readTable(file: DroppedFile): Promise<SourceTable> {
    try {
      return await readTable(file);
    } catch (error) {
      throw error instanceof TableError ? error.toJSON() : error;
    }
  },
};

export type ReadTableWorker = typeof api;

expose(api);
