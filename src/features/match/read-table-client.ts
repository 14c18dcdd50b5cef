import { proxy, wrap } from 'comlink';
import { checkByteSize, TableError } from '../../matching/table-error.ts';
import type { TableInfo } from '../../matching/types.ts';
import type { ReadTableWorker } from './read-table.worker.ts';

/**
 * Reads a dropped file into job `jobId`'s rows (IndexedDB database `storeName`) in a Web Worker, one worker per
 * file, ended when it answers; `onRows` hears how many rows are stored so far. A file over the size limit is
 * refused before its bytes are read. Throws TableError as readTable does.
 */
export async function readIntoStore(
  file: File,
  jobId: string,
  storeName: string,
  onRows: (rows: number) => void,
): Promise<TableInfo> {
  checkByteSize(file.size);
  const worker = new Worker(new URL('./read-table.worker.ts', import.meta.url), { type: 'module' });
  try {
    const remote = wrap<ReadTableWorker>(worker);
    return await remote.readIntoStore(file, jobId, storeName, proxy(onRows));
  } catch (error) {
    throw TableError.isSerialised(error) ? TableError.fromJSON(error) : error;
  } finally {
    worker.terminate();
  }
}
