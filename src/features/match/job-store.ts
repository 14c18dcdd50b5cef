/**
 * The job being matched, kept in IndexedDB: the file's rows, each row's outcome and a person's fixes. The page
 * holds none of them whole (a file may have a million rows): it reads the chunks it shows, and keeps a compact
 * index of the outcomes (row-index.ts). A closed tab or a reload loses at most the batches in flight.
 *
 * Five stores, so each write is small and none overwrites another's: `jobs` holds a job's description (its
 * file's name, format and header, how many rows; never rows or results), `columns` what its columns hold
 * (apart, so saving them touches nothing else), `rows` one record per chunk of CHUNK_ROWS rows of the file,
 * written as the file is read, `results` one record per chunk of outcomes, written as batches come back, and
 * `fixes` one record per row a person fixed. A fix lives apart from the chunks so a batch that lands after it
 * cannot undo it; reading a chunk of outcomes lays the fixes over it.
 *
 * Version 1 kept the file's rows inside the job's record; opening a version-1 database moves them into `rows`.
 */
import { type DBSchema, type IDBPDatabase, type IDBPTransaction, openDB, type StoreNames } from 'idb';
import type { ColumnMap, RowOutcome, TableInfo } from '../../matching/types.ts';

/** What the user is working on: the file (as read, without its rows), how its columns read, where it is matched. */
export interface MatchJob {
  id: string;
  /** ISO 8601; the newest job is the current one. */
  createdAt: string;
  table: TableInfo;
  columns: ColumnMap | null;
  engine: 'browser' | 'server';
  /** False while the file's rows are still being written: such a job was cut short by a reload and is dropped. */
  complete: boolean;
  /** Set while rows are being matched: a job loaded with it set was interrupted (a reload) and goes on. */
  running?: boolean;
}

/** Rows per `rows` and `results` record and per request: chunk k holds rows k × CHUNK_ROWS up to the next chunk. */
export const CHUNK_ROWS = 500;

const VERSION = 2;

/** A version-1 job record: the whole file, rows included. */
interface JobRecordV1 {
  id: string;
  createdAt: string;
  engine: 'browser' | 'server';
  table: Omit<TableInfo, 'rowCount'> & { rows: string[][] };
}

interface MatchDB extends DBSchema {
  jobs: { key: string; value: Omit<MatchJob, 'columns'>; indexes: { createdAt: string } };
  /** jobId → which column holds what (null until the user says). */
  columns: { key: string; value: ColumnMap | null };
  /** [jobId, chunkIndex] → the chunk's rows of the file, as read (not padded to the header's width). */
  rows: { key: [string, number]; value: string[][] };
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
  /** Stores a job's description and columns (a job being read has `complete: false`). */
  saveJob(job: MatchJob): Promise<void>;
  saveColumns(id: string, columns: ColumnMap | null): Promise<void>;
  /** Whether rows are being matched (see MatchJob.running). */
  saveRunning(id: string, running: boolean): Promise<void>;
  /** Stores rows chunkIndex × CHUNK_ROWS onward of the file (at most CHUNK_ROWS of them). */
  saveRows(id: string, chunkIndex: number, rows: readonly string[][]): Promise<void>;
  /**
   * Stores the outcomes of rows chunkIndex × CHUNK_ROWS onward (at most CHUNK_ROWS of them), replacing that chunk.
   * Batches smaller than a chunk re-save their chunk as it fills.
   */
  saveChunk(id: string, chunkIndex: number, outcomes: readonly (RowOutcome | null)[]): Promise<void>;
  /** Stores a person's choice for one row; it wins over every chunk, saved before or after. */
  saveFix(id: string, row: number, outcome: RowOutcome): Promise<void>;
  /** The newest job, or null when there is none. */
  loadCurrent(): Promise<MatchJob | null>;
  /** A chunk of the file's rows as stored ([] when it is not). */
  loadRows(id: string, chunkIndex: number): Promise<string[][]>;
  /** A chunk's outcomes with the fixes on top; `rows` long, null where no batch came back. */
  loadResults(id: string, chunkIndex: number, rows: number): Promise<(RowOutcome | null)[]>;
  /**
   * Every stored chunk of outcomes in chunk order, then every fix, a slice of chunks per transaction (a million
   * rows are never read at once): what the page's index is built from.
   */
  eachOutcome(
    id: string,
    onChunk: (chunkIndex: number, outcomes: readonly (RowOutcome | null)[]) => void,
    onFix: (row: number, outcome: RowOutcome) => void,
  ): Promise<void>;
  /** Deletes the job, its rows, its chunks and its fixes, all or nothing. */
  clear(id: string): Promise<void>;
  close(): void;
}

/** Every key [id, n]: numbers sort before arrays, so [id, []] is above them all. */
const ofJob = (id: string) => IDBKeyRange.bound([id], [id, []]);
/** Chunks read per transaction when every chunk is read: 2,000 outcomes, well under 200 ms to take in on the page. */
const SLICE_CHUNKS = 4;

export async function openJobStore(name = 'kapuluan-match'): Promise<JobStore> {
  const db: IDBPDatabase<MatchDB> = await openDB<MatchDB>(name, VERSION, {
    async upgrade(db, oldVersion, _newVersion, tx) {
      if (oldVersion < 1) {
        db.createObjectStore('jobs', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
        db.createObjectStore('columns');
        db.createObjectStore('results');
        db.createObjectStore('fixes');
      }
      if (oldVersion < 2) {
        db.createObjectStore('rows');
        if (oldVersion === 1) await moveRowsOutOfJobs(tx as unknown as UpgradeTx);
      }
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

  /** Chunk `chunkIndex` of a job's rows or outcomes, replaced whole, if the job is still stored. */
  function putChunk<S extends 'rows' | 'results'>(
    store: S,
    id: string,
    chunkIndex: number,
    values: readonly MatchDB[S]['value'][number][],
  ): Promise<void> {
    if (!isIndex(chunkIndex)) return Promise.reject(new RangeError(`Chunk index ${chunkIndex} is not an index.`));
    if (values.length > CHUNK_ROWS) {
      return Promise.reject(new RangeError(`A chunk holds at most ${CHUNK_ROWS} rows, not ${values.length}.`));
    }
    return write<['jobs', S]>(['jobs', store], async (tx) => {
      if ((await tx.objectStore('jobs').getKey(id)) === undefined) throw new JobNotFoundError(id);
      await tx.objectStore(store).put([...values] as MatchDB[S]['value'], [id, chunkIndex]);
    });
  }

  return {
    saveJob: ({ id, createdAt, table, columns, engine, complete, running }) =>
      write(['jobs', 'columns'], (tx) =>
        Promise.all([
          tx.objectStore('jobs').put({ id, createdAt, table, engine, complete, running: running ?? false }),
          tx.objectStore('columns').put(columns, id),
        ]),
      ),

    saveColumns: (id, columns) =>
      write(['jobs', 'columns'], async (tx) => {
        await requireJob(tx, id);
        await tx.objectStore('columns').put(columns, id);
      }),

    saveRunning: (id, running) =>
      write(['jobs'], async (tx) => {
        const job = await tx.objectStore('jobs').get(id);
        if (!job) throw new JobNotFoundError(id);
        await tx.objectStore('jobs').put({ ...job, running });
      }),

    saveRows: (id, chunkIndex, rows) => putChunk('rows', id, chunkIndex, rows),

    saveChunk: (id, chunkIndex, outcomes) => putChunk('results', id, chunkIndex, outcomes),

    saveFix: (id, row, outcome) => {
      if (!isIndex(row)) return Promise.reject(new RangeError(`Row ${row} is not an index.`));
      return write(['jobs', 'fixes'], async (tx) => {
        await requireJob(tx, id);
        await tx.objectStore('fixes').put(outcome, [id, row]);
      });
    },

    async loadCurrent() {
      const tx = db.transaction(['jobs', 'columns'], 'readonly');
      const newest = await tx.objectStore('jobs').index('createdAt').openCursor(null, 'prev');
      if (!newest) return null;
      const job = newest.value;
      const columns = await tx.objectStore('columns').get(job.id);
      return { ...job, columns: columns ?? null };
    },

    loadRows: async (id, chunkIndex) => (await db.get('rows', [id, chunkIndex])) ?? [],

    async loadResults(id, chunkIndex, rows) {
      const tx = db.transaction(['results', 'fixes'], 'readonly');
      const start = chunkIndex * CHUNK_ROWS;
      const [chunk, fixKeys, fixes] = await Promise.all([
        tx.objectStore('results').get([id, chunkIndex]),
        tx.objectStore('fixes').getAllKeys(IDBKeyRange.bound([id, start], [id, start + rows], false, true)),
        tx.objectStore('fixes').getAll(IDBKeyRange.bound([id, start], [id, start + rows], false, true)),
      ]);
      const out = Array.from({ length: rows }, (_, i) => chunk?.[i] ?? null);
      fixKeys.forEach(([, row], k) => {
        out[row - start] = fixes[k];
      });
      return out;
    },

    async eachOutcome(id, onChunk, onFix) {
      const last = (await db.transaction('results').store.openKeyCursor(ofJob(id), 'prev'))?.key[1] ?? -1;
      for (let from = 0; from <= last; from += SLICE_CHUNKS) {
        const range = IDBKeyRange.bound([id, from], [id, from + SLICE_CHUNKS], false, true);
        const tx = db.transaction('results');
        const [keys, chunks] = await Promise.all([tx.store.getAllKeys(range), tx.store.getAll(range)]);
        keys.forEach(([, chunkIndex], k) => {
          onChunk(chunkIndex, chunks[k]);
        });
      }
      const tx = db.transaction('fixes');
      const [fixKeys, fixes] = await Promise.all([tx.store.getAllKeys(ofJob(id)), tx.store.getAll(ofJob(id))]);
      fixKeys.forEach(([, row], k) => {
        onFix(row, fixes[k]);
      });
    },

    clear: (id) =>
      write(['jobs', 'columns', 'rows', 'results', 'fixes'], (tx) =>
        Promise.all([
          tx.objectStore('jobs').delete(id),
          tx.objectStore('columns').delete(id),
          tx.objectStore('rows').delete(ofJob(id)),
          tx.objectStore('results').delete(ofJob(id)),
          tx.objectStore('fixes').delete(ofJob(id)),
        ]),
      ),

    close: () => db.close(),
  };
}

type UpgradeTx = IDBPTransaction<MatchDB, StoreNames<MatchDB>[], 'versionchange'>;

/** Version 1 → 2: each job's rows move into `rows` chunks; the job keeps its description and row count. */
async function moveRowsOutOfJobs(tx: UpgradeTx) {
  const jobs = tx.objectStore('jobs');
  const rows = tx.objectStore('rows');
  for (let cursor = await jobs.openCursor(); cursor; cursor = await cursor.continue()) {
    const old = cursor.value as unknown as JobRecordV1;
    if (!old.table || !Array.isArray(old.table.rows)) continue;
    const { rows: tableRows, ...table } = old.table;
    for (let start = 0, chunk = 0; start < tableRows.length; start += CHUNK_ROWS, chunk++) {
      await rows.put(tableRows.slice(start, start + CHUNK_ROWS), [old.id, chunk]);
    }
    await cursor.update({
      id: old.id,
      createdAt: old.createdAt,
      engine: old.engine,
      complete: true,
      table: { ...table, rowCount: tableRows.length },
    });
  }
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
