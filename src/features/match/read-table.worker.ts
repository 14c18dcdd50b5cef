import { expose } from 'comlink';
import { readTableStream } from '../../matching/read-stream.ts';
import { TableError } from '../../matching/table-error.ts';
import type { TableInfo } from '../../matching/types.ts';
import { CHUNK_ROWS, openJobStore } from './job-store.ts';

/**
 * Reads a dropped file off the main thread into the job store, as a stream: its rows go to IndexedDB a chunk at
 * a time as they are read (the file is never held whole, here or in the page), and only the file's description
 * comes back. A file refused after some rows were written (too many rows, a quote never closed) leaves them
 * for the caller to clear with the job. Comlink sends a thrown Error as its message and name only, so a
 * TableError is thrown as its plain serialised form (kept whole by structured clone) and rebuilt by
 * read-table-client.ts.
 */
const api = {
  async readIntoStore(
    file: File,
    jobId: string,
    storeName: string,
    onRows: (rows: number) => void,
  ): Promise<TableInfo> {
    const store = await openJobStore(storeName);
    try {
      let pending: string[][] = [];
      let chunk = 0;
      let stored = 0;
      const flush = async () => {
        await store.saveRows(jobId, chunk++, pending);
        stored += pending.length;
        pending = [];
        onRows(stored);
      };
      const table = await readTableStream(file, async (rows) => {
        for (const row of rows) {
          pending.push(row);
          if (pending.length === CHUNK_ROWS) await flush();
        }
      });
      if (pending.length) await flush();
      return table;
    } catch (error) {
      throw error instanceof TableError ? error.toJSON() : error;
    } finally {
      store.close();
    }
  },
};

export type ReadTableWorker = typeof api;

expose(api);
