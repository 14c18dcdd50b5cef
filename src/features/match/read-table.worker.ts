import { expose } from 'comlink';
import { type DroppedFile, readTable, TableError } from '../../matching/read-table.ts';
import type { TableInfo } from '../../matching/types.ts';
import { CHUNK_ROWS, openJobStore } from './job-store.ts';

/**
 * Reads a dropped file off the main thread into the job store: its rows go to IndexedDB a chunk at a time, as
 * they are read, and only the file's description comes back. Comlink sends a thrown Error as its message and
 * name only, so a TableError is thrown as its plain serialised form (kept whole by structured clone) and rebuilt
 * by read-table-client.ts.
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
      const bytes = new Uint8Array(await file.arrayBuffer());
      const dropped: DroppedFile = { name: file.name, bytes };
      const { rows, ...table } = await readTable(dropped);
      for (let start = 0, chunk = 0; start < rows.length; start += CHUNK_ROWS, chunk++) {
        await store.saveRows(jobId, chunk, rows.slice(start, start + CHUNK_ROWS));
        onRows(Math.min(rows.length, start + CHUNK_ROWS));
      }
      return { ...table, rowCount: rows.length };
    } catch (error) {
      throw error instanceof TableError ? error.toJSON() : error;
    } finally {
      store.close();
    }
  },
};

export type ReadTableWorker = typeof api;

expose(api);
