/**
 * The job being matched, kept in IndexedDB so a closed tab or a reload loses at most the batch in flight.
 *
 * Four stores, so each write is small and none overwrites another's: `jobs` holds a job's file (never its
 * results), `columns` what its columns hold (apart, so saving them does not copy a 100,000-row file again),
 * `results` one record per chunk of CHUNK_ROWS rows, written as batches come back, and
 * `fixes` one record per row a person fixed. A fix lives apart from the chunks so a batch that lands after it
 * cannot undo it; loading lays the fixes over the chunks.
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import type { ColumnMap, RowOutcome, SourceTable } from '../../matching/types.ts';

/** What the user is working on: the file, how its columns read, where it is matched, and each row's outcome. */
export interface MatchJob {
  id: string;
  /** ISO 8601; the newest job is the current one. */
  createdAt: string;
  table: SourceTable;
  columns: ColumnMap | null;
  engine: 'browser' | 'server';
  /** One per row of the table; null until its batch is back. */
  results: (RowOutcome | null)[];
}

export type MatchJobMeta = Omit<MatchJob, 'results'>;

/** Rows per `results` record and per request: chunk k holds rows k × CHUNK_ROWS up to the next chunk. */
export const CHUNK_ROWS = 500;

const VERSION = 1;

interface MatchDB extends DBSchema {
  jobs: { key: string; value: Omit<MatchJobMeta, 'columns'>; indexes: { createdAt: string } };
  /** jobId → which column holds what (null until the user says). */
  columns: { key: string; value: ColumnMap | null };
  /** [jobId, chunkIndex] → the chunk's outcomes, in row order. */
  results: { key: [string, number]; value: (RowOutcome | null)[] };
  /** [jobId, rowIndex] → the outcome a person chose. */
  fixes: { key: [string, number]; value: RowOutcome };
}

/** A write for a job that is not stored (cleared while a batch was in flight, say): nothing was written. */
export class JobNotFoundError extends Error {
  constructor(id: string) {
    super(`No match job ${id} is stored (it was cleared?).`);
    this.name = 'JobNotFoundError';
  }
}

export interface JobStore {
  /** Stores a job's file and settings (any `results` on the object are not stored: use saveChunk). */
  saveJob(job: MatchJobMeta): Promise<void>;
  saveColumns(id: string, columns: ColumnMap | null): Promise<void>;
  /**
   * Stores the outcomes of rows chunkIndex × CHUNK_ROWS onward (at most CHUNK_ROWS of them), replacing that chunk.
   * Batches smaller than a chunk re-save their chunk as it fills.
   */
  saveChunk(id: string, chunkIndex: number, outcomes: readonly (RowOutcome | null)[]): Promise<void>;
  /** Stores a person's choice for one row; it wins over every chunk, saved before or after. */
  saveFix(id: string, row: number, outcome: RowOutcome): Promise<void>;
  /** The newest job, its results assembled from its chunks with the fixes on top; null when there is none. */
  loadCurrent(): Promise<MatchJob | null>;
  /** Deletes the job, its chunks and its fixes, all or nothing. */
  clear(id: string): Promise<void>;
  close(): void;
}

/** Every key [id, n]: numbers sort before arrays, so [id, []] is above them all. */
const ofJob = (id: string) => IDBKeyRange.bound([id], [id, []]);

export async function openJobStore(name = 'kapuluan-match'): Promise<JobStore> {
  const db: IDBPDatabase<MatchDB> = await openDB<MatchDB>(name, VERSION, {
    upgrade(db) {
      db.createObjectStore('jobs', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
      db.createObjectStore('columns');
      db.createObjectStore('results');
      db.createObjectStore('fixes');
    },
    // A newer version of the app opened in another tab waits on this connection: let it go. Writes here then
    // fail, and say so, rather than the other tab hanging.
    blocking() {
      db.close();
    },
  });

  /** One call's writes in one transaction: all land, or none and the promise rejects. */
  async function write<S extends StoreNames<MatchDB>[]>(
    stores: S,
    body: (tx: IDBPTransaction<MatchDB, S, 'readwrite'>) => Promise<unknown>,
  ): Promise<void> {
    let tx: IDBPTransaction<MatchDB, S, 'readwrite'> | undefined;
    try {
      tx = db.transaction(stores, 'readwrite');
      // Awaited below; until then a rejection must not count as unhandled.
      tx.done.catch(() => {});
      await body(tx);
      await tx.done;
    } catch (error) {
      try {
        tx?.abort();
      } catch {
        // It had already ended.
      }
      throw storeError(error, tx?.error ?? null);
    }
  }

  async function requireJob(tx: IDBPTransaction<MatchDB, ['jobs', ...StoreNames<MatchDB>[]], 'readwrite'>, id: string) {
    if ((await tx.objectStore('jobs').getKey(id)) === undefined) throw new JobNotFoundError(id);
  }

  return {
    saveJob: ({ id, createdAt, table, columns, engine }) =>
      write(['jobs', 'columns'], (tx) =>
        Promise.all([
          tx.objectStore('jobs').put({ id, createdAt, table, engine }),
          tx.objectStore('columns').put(columns, id),
        ]),
      ),

    saveColumns: (id, columns) =>
      write(['jobs', 'columns'], async (tx) => {
        await requireJob(tx, id);
        await tx.objectStore('columns').put(columns, id);
      }),

    saveChunk: (id, chunkIndex, outcomes) => {
      if (!isIndex(chunkIndex)) return Promise.reject(new RangeError(`Chunk index ${chunkIndex} is not an index.`));
      if (outcomes.length > CHUNK_ROWS) {
        return Promise.reject(new RangeError(`A chunk holds at most ${CHUNK_ROWS} rows, not ${outcomes.length}.`));
      }
      return write(['jobs', 'results'], async (tx) => {
        await requireJob(tx, id);
        await tx.objectStore('results').put([...outcomes], [id, chunkIndex]);
      });
    },

    saveFix: (id, row, outcome) => {
      if (!isIndex(row)) return Promise.reject(new RangeError(`Row ${row} is not an index.`));
      return write(['jobs', 'fixes'], async (tx) => {
        await requireJob(tx, id);
        await tx.objectStore('fixes').put(outcome, [id, row]);
      });
    },

    async loadCurrent() {
      const tx = db.transaction(['jobs', 'columns', 'results', 'fixes'], 'readonly');
      const newest = await tx.objectStore('jobs').index('createdAt').openCursor(null, 'prev');
      if (!newest) return null;
      const job = newest.value;
      const results = tx.objectStore('results');
      const fixes = tx.objectStore('fixes');
      const [columns, chunkKeys, chunks, fixKeys, fixed] = await Promise.all([
        tx.objectStore('columns').get(job.id),
        results.getAllKeys(ofJob(job.id)),
        results.getAll(ofJob(job.id)),
        fixes.getAllKeys(ofJob(job.id)),
        fixes.getAll(ofJob(job.id)),
      ]);
      const rows = job.table.rows.length;
      const outcomes: (RowOutcome | null)[] = new Array(rows).fill(null);
      chunkKeys.forEach(([, chunkIndex], k) => {
        chunks[k].forEach((outcome, i) => {
          const row = chunkIndex * CHUNK_ROWS + i;
          if (row < rows) outcomes[row] = outcome;
        });
      });
      fixKeys.forEach(([, row], k) => {
        if (row < rows) outcomes[row] = fixed[k];
      });
      return { ...job, columns: columns ?? null, results: outcomes };
    },

    clear: (id) =>
      write(['jobs', 'columns', 'results', 'fixes'], (tx) =>
        Promise.all([
          tx.objectStore('jobs').delete(id),
          tx.objectStore('columns').delete(id),
          tx.objectStore('results').delete(ofJob(id)),
          tx.objectStore('fixes').delete(ofJob(id)),
        ]),
      ),

    close: () => db.close(),
  };
}

const isIndex = (n: number) => Number.isSafeInteger(n) && n >= 0;

/** The error a write rejects with: a full disk said in words the UI can show as they are. */
function storeError(error: unknown, txError: DOMException | null): unknown {
  if (isNamed(error, 'QuotaExceededError') || isNamed(txError, 'QuotaExceededError')) {
    return new Error(
      'Storage is full: the browser would not keep more of this job. Free some disk space or clear old site data, then try again.',
      { cause: error },
    );
  }
  if (isNamed(error, 'InvalidStateError')) {
    return new Error('The saved job was closed (the app was updated in another tab?): reload the page.', {
      cause: error,
    });
  }
  return error;
}

const isNamed = (error: unknown, name: string) =>
  typeof error === 'object' && error !== null && (error as { name?: unknown }).name === name;
