import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ResolvedPlace } from '../../contract/types.ts';
import { matched, resolvedPlace } from '../../matching/test-support.ts';
import type { RowOutcome } from '../../matching/types.ts';
import { CHUNK_ROWS, JobNotFoundError, type JobStore, type MatchJobMeta, openJobStore } from './job-store.ts';

const C = CHUNK_ROWS;

const place = (psgc_code: string, name: string) =>
  resolvedPlace({ psgc_code, name, barangay: { code: psgc_code, name } });
const LAHUG = place('0730600041', 'Lahug');
const GUADALUPE = place('0730600029', 'Guadalupe');

const fixedTo = (p: ResolvedPlace): RowOutcome => ({ ...matched(p), fixed: true });

function meta(id: string, rows: number, createdAt = '2025-01-01T00:00:00.000Z'): MatchJobMeta {
  return {
    id,
    createdAt,
    table: {
      fileName: 'clinics.csv',
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      header: ['name', 'address'],
      rows: Array.from({ length: rows }, (_, i) => [`Clinic ${i}`, `Lahug, Cebu City ${i}`]),
    },
    columns: { address: 1 },
    engine: 'browser',
  };
}

/** The outcomes of rows [from, to): Lahug, each told apart by its confidence. */
const outcomes = (from: number, to: number): RowOutcome[] =>
  Array.from({ length: to - from }, (_, i) => matched({ ...LAHUG, confidence: (from + i) / 10_000 }));

let dbCount = 0;
const open: JobStore[] = [];
/** A store of its own for each test, so none sees another's jobs. */
async function freshStore(name = `test-${++dbCount}`): Promise<JobStore> {
  const store = await openJobStore(name);
  open.push(store);
  return store;
}
afterEach(() => {
  for (const store of open.splice(0)) store.close();
  vi.restoreAllMocks();
});

describe('job store', () => {
  test('saves a job of two and a half chunks of rows in three chunks and loads it whole', async () => {
    const store = await freshStore();
    await store.saveJob(meta('a', 2.5 * C));
    await store.saveChunk('a', 0, outcomes(0, C));
    await store.saveChunk('a', 2, outcomes(2 * C, 2.5 * C));
    await store.saveChunk('a', 1, outcomes(C, 2 * C));

    const job = (await store.loadCurrent())!;
    expect(job.id).toBe('a');
    expect(job.table.rows).toHaveLength(2.5 * C);
    expect(job.columns).toEqual({ address: 1 });
    expect(job.engine).toBe('browser');
    expect(job.results).toHaveLength(2.5 * C);
    expect(job.results.map((r) => r?.match?.confidence)).toEqual(outcomes(0, 2.5 * C).map((r) => r.match?.confidence));
  });

  test('rows whose chunk has not come back load as null', async () => {
    const store = await freshStore();
    await store.saveJob(meta('a', 2.5 * C));
    await store.saveChunk('a', 1, outcomes(C, 2 * C));
    const { results } = (await store.loadCurrent())!;
    expect(results[C - 1]).toBeNull();
    expect(results[C]?.match?.psgc_code).toBe('0730600041');
    expect(results[2 * C]).toBeNull();
  });

  test('a job with no results saved yet loads with every row null', async () => {
    const store = await freshStore();
    expect(await store.loadCurrent()).toBeNull();
    await store.saveJob(meta('a', 3));
    expect((await store.loadCurrent())!.results).toEqual([null, null, null]);
  });

  test('a person’s fix wins over a chunk saved after it', async () => {
    const store = await freshStore();
    await store.saveJob(meta('a', 1.5 * C));
    await store.saveChunk('a', 1, outcomes(C, 1.5 * C));
    await store.saveFix('a', C + 200, fixedTo(GUADALUPE));
    await store.saveFix('a', 5, fixedTo(GUADALUPE));
    // The batches in flight land after the fixes.
    await store.saveChunk('a', 1, outcomes(C, 1.5 * C));
    await store.saveChunk('a', 0, outcomes(0, C));

    const { results } = (await store.loadCurrent())!;
    expect(results[C + 200]).toEqual(fixedTo(GUADALUPE));
    expect(results[5]).toEqual(fixedTo(GUADALUPE));
    expect(results[C + 201]?.match?.name).toBe('Lahug');
  });

  test('saves the columns the user chose', async () => {
    const store = await freshStore();
    await store.saveJob({ ...meta('a', 2), columns: null });
    await store.saveColumns('a', { town: 0, barangay: 1 });
    expect((await store.loadCurrent())!.columns).toEqual({ town: 0, barangay: 1 });
  });

  test('loadCurrent returns the newest job', async () => {
    const store = await freshStore();
    await store.saveJob(meta('new', 1, '2025-03-02T08:00:00.000Z'));
    await store.saveJob(meta('old', 2, '2025-03-01T08:00:00.000Z'));
    await store.saveChunk('old', 0, outcomes(0, 2));
    const job = (await store.loadCurrent())!;
    expect(job.id).toBe('new');
    expect(job.results).toEqual([null]);
  });

  test('clear removes the job, its chunks and its fixes, and leaves other jobs alone', async () => {
    const name = `test-${++dbCount}`;
    const store = await freshStore(name);
    await store.saveJob(meta('old', 2, '2025-03-01T08:00:00.000Z'));
    await store.saveChunk('old', 0, outcomes(0, 2));
    await store.saveJob(meta('a', 2.5 * C, '2025-03-02T08:00:00.000Z'));
    await store.saveChunk('a', 0, outcomes(0, C));
    await store.saveChunk('a', 2, outcomes(2 * C, 2.5 * C));
    await store.saveFix('a', 3, fixedTo(GUADALUPE));

    await store.clear('a');

    expect((await store.loadCurrent())!.id).toBe('old');
    const raw = await openDB(name);
    expect(await raw.getAllKeys('jobs')).toEqual(['old']);
    expect(await raw.getAllKeys('results')).toEqual([['old', 0]]);
    expect(await raw.count('fixes')).toBe(0);
    raw.close();
  });

  test('a batch that lands after its job was cleared is refused and writes nothing', async () => {
    const name = `test-${++dbCount}`;
    const store = await freshStore(name);
    await store.saveJob(meta('a', 10));
    await store.clear('a');
    await expect(store.saveChunk('a', 0, outcomes(0, 10))).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(store.saveFix('a', 1, fixedTo(LAHUG))).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(store.saveColumns('a', { address: 0 })).rejects.toBeInstanceOf(JobNotFoundError);
    const raw = await openDB(name);
    expect(await raw.count('results')).toBe(0);
    expect(await raw.count('fixes')).toBe(0);
    raw.close();
  });

  test('a reopened store still has the job (what a reload does)', async () => {
    const first = await openJobStore();
    await first.saveJob(meta('a', 1200));
    await first.saveChunk('a', 0, outcomes(0, C));
    await first.saveFix('a', 1100, fixedTo(GUADALUPE));
    first.close();

    const second = await freshStore('kapuluan-match');
    const job = (await second.loadCurrent())!;
    expect(job.id).toBe('a');
    expect(job.results[0]?.match?.name).toBe('Lahug');
    expect(job.results[1099]).toBeNull();
    expect(job.results[1100]).toEqual(fixedTo(GUADALUPE));
    await second.clear('a');
  });

  test('refuses a chunk longer than CHUNK_ROWS or at no index', async () => {
    const store = await freshStore();
    await store.saveJob(meta('a', 2 * C));
    await expect(store.saveChunk('a', 0, outcomes(0, CHUNK_ROWS + 1))).rejects.toBeInstanceOf(RangeError);
    await expect(store.saveChunk('a', -1, outcomes(0, 1))).rejects.toBeInstanceOf(RangeError);
    await expect(store.saveFix('a', 1.5, fixedTo(LAHUG))).rejects.toBeInstanceOf(RangeError);
  });

  test('a full disk rejects with an error that says storage is full', async () => {
    const store = await freshStore();
    await store.saveJob(meta('a', 10));
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(store.saveChunk('a', 0, outcomes(0, 10))).rejects.toThrow(/storage is full/i);
    vi.restoreAllMocks();
    expect((await store.loadCurrent())!.results[0]).toBeNull();
  });

  test('a job passed with results does not store them in the job record', async () => {
    const name = `test-${++dbCount}`;
    const store = await freshStore(name);
    await store.saveJob({ ...meta('a', 2), results: outcomes(0, 2) } as MatchJobMeta);
    const raw = await openDB(name);
    expect(await raw.get('jobs', 'a')).not.toHaveProperty('results');
    raw.close();
    expect((await store.loadCurrent())!.results).toEqual([null, null]);
  });
});
