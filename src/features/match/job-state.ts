import { create } from 'zustand';
import { matchAddresses, matchingDone } from '../../api/geocode.ts';
import { useConfig } from '../../config/config-context.ts';
import type { ResolvedPlace } from '../../contract/types.ts';
import { addressOf } from '../../matching/columns.ts';
import { runMatching } from '../../matching/run.ts';
import { padRow } from '../../matching/shape-table.ts';
import type { ColumnMap, RowOutcome } from '../../matching/types.ts';
import { CHUNK_ROWS, type JobStore, type MatchJob, openJobStore } from './job-store.ts';
import { readIntoStore } from './read-table-client.ts';
import { ALL_ROWS, type ReviewFilter } from './review-rows.ts';
import { RowIndex } from './row-index.ts';
import { deleteExportFiles } from './save-file.ts';

/** Where the area is: which step the user sees. */
export type Phase =
  | { kind: 'loading'; share: number }
  | { kind: 'choose' }
  | { kind: 'reading'; fileName: string; rows: number }
  | { kind: 'columns' }
  | { kind: 'matching'; done: number; total: number; startedAt: number; doneAtStart: number }
  | { kind: 'review' };

interface MatchState {
  phase: Phase;
  job: MatchJob | null;
  /** Every row's status, confidence and place (the outcomes themselves stay in IndexedDB). */
  index: RowIndex | null;
  /** Bumped whenever `index` changes in place (a million rows are not copied per batch). */
  version: number;
  /** Bumped when a chunk of the file's rows arrives from IndexedDB for the rows on screen. */
  rowsVersion: number;
  /** A sentence for the user about the step they are on (a refused file, a failed batch, a full disk). */
  error: string | null;
  selected: number | null;
  filter: ReviewFilter;
  /** The counts drawn as a choropleth under the points: none, per province or per town. */
  counts: 'none' | 'province' | 'town';
}

const useMatchStore = create<MatchState>(() => ({
  phase: { kind: 'loading', share: 0 },
  job: null,
  index: null,
  version: 0,
  rowsVersion: 0,
  error: null,
  selected: null,
  filter: ALL_ROWS,
  counts: 'none',
}));

const set = useMatchStore.setState;
const get = useMatchStore.getState;

export const usePhase = () => useMatchStore((s) => s.phase);
export const useJob = () => useMatchStore((s) => s.job);
export const useRowIndex = () => useMatchStore((s) => s.index);
export const useResultsVersion = () => useMatchStore((s) => s.version);
export const useRowsVersion = () => useMatchStore((s) => s.rowsVersion);
export const useMatchError = () => useMatchStore((s) => s.error);
export const useSelectedRow = () => useMatchStore((s) => s.selected);
export const useReviewFilter = () => useMatchStore((s) => s.filter);
export const useCountsShown = () => useMatchStore((s) => s.counts);

export const reviewFiltered = (filter: ReviewFilter) => set({ filter });
export const countsShown = (counts: MatchState['counts']) => set({ counts });

/**
 * How matching runs: through POST /v1/geocode/batch, answered by the built-in service's Web Workers (in this
 * browser) or by the server the app is pointed at. Requests in flight: enough to keep the workers busy between
 * answers.
 */
export const useMatchEngine = (): MatchJob['engine'] => (useConfig().builtInService ? 'browser' : 'server');
const IN_FLIGHT = 4;

/** The IndexedDB database jobs are kept in (the worker that reads a file opens it too). */
const STORE_NAME = 'kapuluan-match';
let store: Promise<JobStore> | undefined;
const jobStore = () => {
  store ??= openJobStore(STORE_NAME);
  store.catch(() => {
    store = undefined;
  });
  return store;
};
let running: AbortController | null = null;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Chunk k of a job's rows as the app reads them: stored as read, each padded here to the header's width (the width
 * is known only once the whole file was read), with the reader's own padRow.
 */
async function paddedRows(jobs: JobStore, job: MatchJob, k: number): Promise<string[][]> {
  const width = job.table.header.length;
  return (await jobs.loadRows(job.id, k)).map((row) => padRow(row, width));
}

/** Chunks of the file's rows read lately, newest last: what the review's rows on screen show. */
const rowChunks = new Map<number, string[][] | Promise<string[][]>>();
const KEPT_CHUNKS = 64;

/**
 * Chunk k of the current job's rows, each as wide as the header (paddedRows), kept among the chunks read lately.
 */
export async function rowsOf(k: number): Promise<string[][]> {
  const job = get().job;
  if (!job) return [];
  const known = rowChunks.get(k);
  if (known) {
    rowChunks.delete(k);
    rowChunks.set(k, known);
    return known;
  }
  const loading = jobStore().then((jobs) => paddedRows(jobs, job, k));
  rowChunks.set(k, loading);
  try {
    const rows = await loading;
    if (get().job?.id === job.id && rowChunks.get(k) === loading) rowChunks.set(k, rows);
    return rows;
  } catch (error) {
    rowChunks.delete(k);
    throw error;
  } finally {
    while (rowChunks.size > KEPT_CHUNKS) rowChunks.delete(rowChunks.keys().next().value as number);
  }
}

/**
 * Row `row`'s cells when its chunk is at hand; otherwise undefined, and the chunk is read (the review draws
 * again when it arrives: `rowsVersion`).
 */
export function cachedRow(row: number): string[] | undefined {
  const k = Math.floor(row / CHUNK_ROWS);
  const known = rowChunks.get(k);
  if (Array.isArray(known)) return known[row - k * CHUNK_ROWS];
  if (!known) {
    void rowsOf(k).then(
      () => set((s) => ({ rowsVersion: s.rowsVersion + 1 })),
      (error) => set({ error: `The file's rows could not be read: ${messageOf(error)}` }),
    );
  }
  return undefined;
}

/** The addresses of chunk k, as matched: the columns the user chose, joined. */
export async function addressesOf(k: number): Promise<string[]> {
  const columns = get().job?.columns;
  if (!columns) return [];
  return (await rowsOf(k)).map((row) => addressOf(row, columns));
}

/** Rows of chunk k: CHUNK_ROWS but for the last. */
const rowsIn = (job: MatchJob, k: number) => Math.min(CHUNK_ROWS, job.table.rowCount - k * CHUNK_ROWS);

/** Row `row`'s whole outcome (candidates, notes), read from IndexedDB with any fix on top. */
export async function outcomeOf(row: number): Promise<RowOutcome | null> {
  const job = get().job;
  if (!job) return null;
  const k = Math.floor(row / CHUNK_ROWS);
  const chunk = await (await jobStore()).loadResults(job.id, k, rowsIn(job, k));
  return chunk[row - k * CHUNK_ROWS] ?? null;
}

/** Every chunk of the job, its rows and its outcomes (fixes on top), in order: what an export writes. */
export async function* chunksOf(job: MatchJob): AsyncGenerator<{ rows: string[][]; outcomes: (RowOutcome | null)[] }> {
  const jobs = await jobStore();
  for (let k = 0; k * CHUNK_ROWS < job.table.rowCount; k++) {
    const [rows, outcomes] = await Promise.all([paddedRows(jobs, job, k), jobs.loadResults(job.id, k, rowsIn(job, k))]);
    yield { rows, outcomes };
  }
}

/** The area opened: the job the user left, if any, comes back from IndexedDB; an interrupted run goes on. */
export async function matchAreaOpened() {
  if (get().phase.kind !== 'loading') return;
  try {
    const jobs = await jobStore();
    const job = await jobs.loadCurrent();
    if (!job) return set({ phase: { kind: 'choose' } });
    if (!job.complete) {
      await jobs.clear(job.id);
      return set({
        phase: { kind: 'choose' },
        error: `${job.table.fileName} was still being read when the page closed: choose it again.`,
      });
    }
    const index = new RowIndex(job.table.rowCount);
    const chunks = Math.max(1, Math.ceil(job.table.rowCount / CHUNK_ROWS));
    let seen = 0;
    await jobs.eachOutcome(
      job.id,
      (k, outcomes) => {
        index.setAll(k * CHUNK_ROWS, outcomes);
        // Drawn every 50 chunks: the bar moves without a render per chunk.
        if (++seen % 50 === 0) set({ phase: { kind: 'loading', share: seen / chunks } });
      },
      (row, outcome) => {
        if (row < index.rows) index.set(row, outcome);
      },
    );
    set({ job, index, version: get().version + 1, phase: { kind: job.columns ? 'review' : 'columns' } });
    if (job.columns && job.running && index.counts().pending > 0) await matchingStarted();
  } catch (error) {
    set({ phase: { kind: 'choose' }, error: `Saved work could not be read: ${messageOf(error)}` });
  }
}

/** A file was dropped or chosen: read off the main thread into IndexedDB, then the columns step. */
export async function fileChosen(file: File, engine: MatchJob['engine']) {
  set({ phase: { kind: 'reading', fileName: file.name, rows: 0 }, error: null });
  const job: MatchJob = {
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    table: { fileName: file.name, format: 'csv', encoding: null, delimiter: null, header: [], rowCount: 0 },
    columns: null,
    engine,
    complete: false,
  };
  let jobs: JobStore | undefined;
  try {
    jobs = await jobStore();
    await jobs.saveJob(job);
    let shown = 0;
    const table = await readIntoStore(file, job.id, STORE_NAME, (rows) => {
      // A render per 10,000 rows at most.
      if (rows - shown < 10_000) return;
      shown = rows;
      set({ phase: { kind: 'reading', fileName: file.name, rows } });
    });
    const read: MatchJob = { ...job, table, complete: true };
    await jobs.saveJob(read);
    const before = get().job;
    if (before) await jobs.clear(before.id);
    rowChunks.clear();
    set({
      job: read,
      index: new RowIndex(table.rowCount),
      version: get().version + 1,
      phase: { kind: 'columns' },
      selected: null,
      filter: ALL_ROWS,
    });
  } catch (error) {
    await jobs?.clear(job.id).catch(() => {});
    set({ phase: { kind: 'choose' }, error: messageOf(error) });
  }
}

/** The user said which columns hold the address: saved, then matching starts. */
export async function columnsChosen(columns: ColumnMap) {
  const job = get().job;
  if (!job) return;
  try {
    await (await jobStore()).saveColumns(job.id, columns);
  } catch (error) {
    return set({ error: messageOf(error) });
  }
  set({ job: { ...job, columns }, error: null });
  await matchingStarted();
}

/** Whether a run was under way, kept with the job: a reload then picks it up where it stopped. */
async function markRunning(job: MatchJob, running: boolean) {
  await (await jobStore()).saveRunning(job.id, running);
  const now = get().job;
  if (now?.id === job.id) set({ job: { ...now, running } });
}

/** Matches every row still without an outcome (a new job, or one stopped or interrupted). */
export async function matchingStarted() {
  const { job, index } = get();
  if (!job?.columns || !index || running) return;
  const controller = new AbortController();
  running = controller;
  const doneAtStart = index.rows - index.counts().pending;
  set({
    error: null,
    phase: { kind: 'matching', done: doneAtStart, total: index.rows, startedAt: performance.now(), doneAtStart },
  });
  try {
    const jobs = await jobStore();
    await markRunning(job, true);
    await runMatching({
      rows: index.rows,
      isDone: (row) => index.isDone(row),
      addressesOf: (batch) => addressesOf(batch.index),
      batchSize: CHUNK_ROWS,
      concurrency: IN_FLIGHT,
      match: matchAddresses,
      save: async (batch, answers) => {
        await jobs.saveChunk(job.id, batch.index, answers);
        answers.forEach((answer, i) => {
          // A row a person fixed meanwhile keeps the fix (the store lays fixes over chunks too).
          if (!index.isFixed(batch.start + i)) index.set(batch.start + i, answer);
        });
      },
      onProgress: (done) =>
        set((s) => ({
          version: s.version + 1,
          phase: s.phase.kind === 'matching' ? { ...s.phase, done } : s.phase,
        })),
      signal: controller.signal,
    });
    await markRunning(job, false);
    set({ phase: { kind: 'review' } });
  } catch (error) {
    // Cleared: jobCleared says what comes next.
    if (controller.signal.reason === CLEARED) return;
    const cancelled = controller.signal.aborted;
    if (cancelled) await markRunning(job, false).catch(() => {});
    set({
      phase: { kind: 'review' },
      error: cancelled ? null : `Matching stopped: ${messageOf(error)}. The rows matched so far are kept.`,
    });
  } finally {
    running = null;
    matchingDone();
  }
}

export function matchingCancelled() {
  running?.abort();
}

export function rowSelected(row: number | null) {
  set({ selected: row });
}

/** A person chose the place for a row: it counts as matched, and is kept apart from the batches' results. */
export async function rowFixed(row: number, place: ResolvedPlace) {
  const { job, index } = get();
  if (!job || !index) return;
  try {
    const before = await outcomeOf(row);
    const outcome: RowOutcome = {
      status: 'matched',
      match: place,
      candidates: before?.candidates ?? [place],
      fixed: true,
    };
    await (await jobStore()).saveFix(job.id, row, outcome);
    index.set(row, outcome);
  } catch (error) {
    return set({ error: `The fix could not be saved: ${messageOf(error)}` });
  }
  set((s) => ({ version: s.version + 1, error: null }));
}

/** Why a run is stopped when its job is deleted. */
const CLEARED = new DOMException('The job was cleared.', 'AbortError');

/** Deletes the job and everything saved of it; the area starts over. */
export async function jobCleared() {
  const job = get().job;
  running?.abort(CLEARED);
  if (job) {
    try {
      await (await jobStore()).clear(job.id);
    } catch (error) {
      return set({ error: `The job could not be cleared: ${messageOf(error)}` });
    }
  }
  // Its exports, kept on disk until downloaded, go with it.
  await deleteExportFiles().catch(() => {});
  rowChunks.clear();
  set({
    job: null,
    index: null,
    phase: { kind: 'choose' },
    error: null,
    selected: null,
    version: get().version + 1,
  });
}

/** Whether the job still has rows to match (a run stopped or a tab closed mid-way). */
export const hasRowsLeft = (index: RowIndex) => index.counts().pending > 0;
