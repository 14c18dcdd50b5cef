import { create } from 'zustand';
import { matchAddresses, matchingDone } from '../../api/geocode.ts';
import { useConfig } from '../../config/context.ts';
import type { ResolvedPlace } from '../../contract/types.ts';
import { addressOf } from '../../matching/columns.ts';
import { runMatching } from '../../matching/run.ts';
import type { ColumnMap, RowOutcome } from '../../matching/types.ts';
import { createInterner } from './intern.ts';
import { CHUNK_ROWS, type JobStore, type MatchJob, openJobStore } from './job-store.ts';
import { readTableOffThread } from './read-table-client.ts';
import { ALL_ROWS, type ReviewFilter } from './review-rows.ts';

/** Where the area is: which step the user sees. */
export type Phase =
  | { kind: 'loading' }
  | { kind: 'choose' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'columns' }
  | { kind: 'matching'; done: number; total: number; startedAt: number; doneAtStart: number }
  | { kind: 'review' };

interface MatchState {
  phase: Phase;
  job: MatchJob | null;
  /** Bumped whenever `job.results` changes in place (100,000 rows are not copied per batch). */
  version: number;
  /** A sentence for the user about the step they are on (a refused file, a failed batch, a full disk). */
  error: string | null;
  selected: number | null;
  filter: ReviewFilter;
  /** The counts drawn as a choropleth under the points: none, per province or per town. */
  counts: 'none' | 'province' | 'town';
}

const useMatchStore = create<MatchState>(() => ({
  phase: { kind: 'loading' },
  job: null,
  version: 0,
  error: null,
  selected: null,
  filter: ALL_ROWS,
  counts: 'none',
}));

const set = useMatchStore.setState;
const get = useMatchStore.getState;

export const usePhase = () => useMatchStore((s) => s.phase);
export const useJob = () => useMatchStore((s) => s.job);
export const useResultsVersion = () => useMatchStore((s) => s.version);
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

let store: Promise<JobStore> | undefined;
const jobStore = () => {
  store ??= openJobStore();
  store.catch(() => {
    store = undefined;
  });
  return store;
};
let running: AbortController | null = null;
/** Results share their place names (intern.ts): those of a batch as it arrives, and of a job loaded back. */
const intern = createInterner();

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const allDone = (job: MatchJob) => job.results.every((r) => r !== null);

/** The area opened: the job the user left, if any, comes back from IndexedDB. */
export async function matchAreaOpened() {
  if (get().phase.kind !== 'loading') return;
  try {
    const job = await (await jobStore()).loadCurrent();
    if (!job) return set({ phase: { kind: 'choose' } });
    job.results = job.results.map(intern);
    set({ job, version: get().version + 1, phase: { kind: job.columns ? 'review' : 'columns' } });
  } catch (error) {
    set({ phase: { kind: 'choose' }, error: `Saved work could not be read: ${messageOf(error)}` });
  }
}

/** A file was dropped or chosen: read off the main thread, then the columns step; `engine` will match it. */
export async function fileChosen(file: File, engine: MatchJob['engine']) {
  set({ phase: { kind: 'reading', fileName: file.name }, error: null });
  try {
    const table = await readTableOffThread(file);
    const job: MatchJob = {
      id: crypto.randomUUID(),
      createdAt: new Date().toISOString(),
      table,
      columns: null,
      engine,
      results: table.rows.map(() => null),
    };
    const jobs = await jobStore();
    const before = get().job;
    await jobs.saveJob(job);
    if (before) await jobs.clear(before.id);
    set({ job, version: get().version + 1, phase: { kind: 'columns' }, selected: null });
  } catch (error) {
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

/** Matches every row still without an outcome (a new job, or one stopped or interrupted). */
export async function matchingStarted() {
  const job = get().job;
  if (!job?.columns || running) return;
  const columns = job.columns;
  const controller = new AbortController();
  running = controller;
  const doneAtStart = job.results.filter(Boolean).length;
  const total = job.results.length;
  set({
    error: null,
    phase: { kind: 'matching', done: doneAtStart, total, startedAt: performance.now(), doneAtStart },
  });
  try {
    const jobs = await jobStore();
    await runMatching({
      results: job.results,
      addressOf: (row) => addressOf(job.table.rows[row], columns),
      batchSize: CHUNK_ROWS,
      concurrency: IN_FLIGHT,
      match: async (addresses, signal) => (await matchAddresses(addresses, signal)).map(intern),
      save: (batch, outcomes) => jobs.saveChunk(job.id, batch.index, outcomes),
      onProgress: (done) =>
        set((s) => ({
          version: s.version + 1,
          phase: s.phase.kind === 'matching' ? { ...s.phase, done } : s.phase,
        })),
      signal: controller.signal,
    });
    set({ phase: { kind: 'review' } });
  } catch (error) {
    const cancelled = controller.signal.aborted;
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
  const job = get().job;
  if (!job) return;
  const before = job.results[row];
  const outcome: RowOutcome = intern({
    status: 'matched',
    match: place,
    candidates: before?.candidates ?? [place],
    fixed: true,
  });
  try {
    await (await jobStore()).saveFix(job.id, row, outcome);
  } catch (error) {
    return set({ error: `The fix could not be saved: ${messageOf(error)}` });
  }
  job.results[row] = outcome;
  set((s) => ({ version: s.version + 1, error: null }));
}

/** Deletes the job and everything saved of it; the area starts over. */
export async function jobCleared() {
  const job = get().job;
  running?.abort();
  if (job) {
    try {
      await (await jobStore()).clear(job.id);
    } catch (error) {
      return set({ error: `The job could not be cleared: ${messageOf(error)}` });
    }
  }
  set({ job: null, phase: { kind: 'choose' }, error: null, selected: null, version: get().version + 1 });
}

/** Whether the job still has rows to match (a run stopped or a tab closed mid-way). */
export const hasRowsLeft = (job: MatchJob) => !allDone(job);
