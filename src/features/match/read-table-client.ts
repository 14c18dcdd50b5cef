import { transfer, wrap } from 'comlink';
import { checkByteSize, TableError } from '../../matching/table-error.ts';
import type { SourceTable } from '../../matching/types.ts';
import type { ReadTableWorker } from './read-table.worker.ts';

/**
 * Reads a dropped file into a table in a Web Worker, one worker per file, ended when it answers. A file over the
 * size limit is refused before its bytes are read; the bytes are transferred, not copied. Throws TableError as
 * readTable does.
 */
export async function readTableOffThread(file: File): Promise<SourceTable> {
  checkByteSize(file.size);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const worker = new Worker(new URL('./read-table.worker.ts', import.meta.url), { type: 'module' });
  try {
    const remote = wrap<ReadTableWorker>(worker);
    return await remote.readTable(transfer({ name: file.name, bytes }, [bytes.buffer]));
  } catch (error) {
    throw TableError.isSerialised(error) ? TableError.fromJSON(error) : error;
  } finally {
    worker.terminate();
  }
}
