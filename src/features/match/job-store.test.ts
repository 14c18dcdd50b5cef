import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ResolvedPlace } from '../../contract/types.ts';
import { matched, resolvedPlace } from '../../matching/test-support.ts';
import type { RowOutcome } from '../../matching/types.ts';
import { CHUNK_ROWS, JobNotFoundError, type JobStore, type MatchJob, openJobStore } from './job-store.ts';

const C = CHUNK_ROWS;

const place = (psgc_code: string, name: string) =>
  resolvedPlace({ psgc_code, name, barangay: { code: psgc_code, name } });
const LAHUG = place('0730600041', 'Lahug');
const GUADALUPE = place('0730600029', 'Guadalupe');

const fixedTo = (p: ResolvedPlace): RowOutcome => ({ ...matched(p), fixed: true });

function job(id: string, rowCount: number, createdAt = '2025-01-01T00:00:00.000Z'): MatchJob {
  return {
    id,
    createdAt,
    table: {
      fileName: 'clinics.csv',
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      header: ['name', 'address'],
      rowCount,
    },
    columns: { address: 1 },
    engine: 'browser',
    complete: true,
  };
}

const rows = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => [`Clinic ${from + i}`, `Lahug, Cebu City ${from + i}`]);

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

/** Every outcome eachOutcome reports, by row, fixes last. */
async function everyOutcome(store: JobStore, id: string) {
  const seen: [number, number | undefined][] = [];
  const fixes: number[] = [];
  await store.eachOutcome(
    id,
    (k, chunk) => {
      chunk.forEach((o, i) => {
        seen.push([k * C + i, o?.match?.confidence]);
      });
    },
    (row) => fixes.push(row),
  );
  return { seen, fixes };
}

describe('job store', () => {
  test('keeps a file of two and a half chunks of rows and its outcomes, a chunk at a time', async () => {
    const store = await freshStore();
    await store.saveJob(job('a', 2.5 * C));
    for (let k = 0; k < 3; k++) await store.saveRows('a', k, rows(k * C, Math.min(2.5 * C, (k + 1) * C)));
    await store.saveChunk('a', 0, outcomes(0, C));
    await store.saveChunk('a', 2, outcomes(2 * C, 2.5 * C));
    await store.saveChunk('a', 1, outcomes(C, 2 * C));

    const loaded = (await store.loadCurrent())!;
    expect(loaded).toMatchObject({ id: 'a', columns: { address: 1 }, engine: 'browser', complete: true });
    expect(loaded.table.rowCount).toBe(2.5 * C);
    expect(await store.loadRows('a', 2)).toEqual(rows(2 * C, 2.5 * C));
    expect(await store.loadRows('a', 3)).toEqual([]);
    const last = await store.loadResults('a', 2, 0.5 * C);
    expect(last.map((r) => r?.match?.confidence)).toEqual(outcomes(2 * C, 2.5 * C).map((r) => r.match?.confidence));
    const { seen } = await everyOutcome(store, 'a');
    expect(seen).toEqual(outcomes(0, 2.5 * C).map((r, row) => [row, r.match?.confidence]));
  });

  test('rows whose chunk has not come back read as null', async () => {
    const store = await freshStore();
    await store.saveJob(job('a', 2.5 * C));
    await store.saveChunk('a', 1, outcomes(C, 2 * C));
    expect(await store.loadResults('a', 0, C)).toEqual(Array(C).fill(null));
    expect((await store.loadResults('a', 1, C))[0]?.match?.psgc_code).toBe('0730600041');
    const { seen } = await everyOutcome(store, 'a');
    expect(seen.map(([row]) => row)).toEqual(Array.from({ length: C }, (_, i) => C + i));
  });

  test('reads every chunk of a long job, across the slices it reads them in', async () => {
    const store = await freshStore();
    await store.saveJob(job('a', 40 * C));
    // One outcome in each of 40 chunks, saved out of order (17 × k mod 40 visits every k once).
    for (let i = 0; i < 40; i++) {
      const k = (17 * i) % 40;
      await store.saveChunk('a', k, outcomes(k * C, k * C + 1));
    }
    const { seen } = await everyOutcome(store, 'a');
    expect(seen.map(([row]) => row)).toEqual(Array.from({ length: 40 }, (_, k) => k * C));
  });

  test('a person’s fix wins over a chunk saved after it', async () => {
    const store = await freshStore();
    await store.saveJob(job('a', 1.5 * C));
    await store.saveChunk('a', 1, outcomes(C, 1.5 * C));
    await store.saveFix('a', C + 200, fixedTo(GUADALUPE));
    await store.saveFix('a', 5, fixedTo(GUADALUPE));
    // The batches in flight land after the fixes.
    await store.saveChunk('a', 1, outcomes(C, 1.5 * C));
    await store.saveChunk('a', 0, outcomes(0, C));

    const second = await store.loadResults('a', 1, 0.5 * C);
    expect(second[200]).toEqual(fixedTo(GUADALUPE));
    expect(second[201]?.match?.name).toBe('Lahug');
    expect((await store.loadResults('a', 0, C))[5]).toEqual(fixedTo(GUADALUPE));
    expect((await everyOutcome(store, 'a')).fixes).toEqual([5, C + 200]);
  });

  test('saves the columns the user chose, and whether a run is under way', async () => {
    const store = await freshStore();
    await store.saveJob({ ...job('a', 2), columns: null });
    await store.saveColumns('a', { town: 0, barangay: 1 });
    await store.saveRunning('a', true);
    expect(await store.loadCurrent()).toMatchObject({ columns: { town: 0, barangay: 1 }, running: true });
    await store.saveRunning('a', false);
    expect(await store.loadCurrent()).toMatchObject({ columns: { town: 0, barangay: 1 }, running: false });
  });

  test('loadCurrent returns the newest job', async () => {
    const store = await freshStore();
    await store.saveJob(job('new', 1, '2025-03-02T08:00:00.000Z'));
    await store.saveJob(job('old', 2, '2025-03-01T08:00:00.000Z'));
    await store.saveChunk('old', 0, outcomes(0, 2));
    expect((await store.loadCurrent())!.id).toBe('new');
  });

  test('clear removes the job, its rows, chunks and fixes, and leaves other jobs alone', async () => {
    const name = `test-${++dbCount}`;
    const store = await freshStore(name);
    await store.saveJob(job('old', 2, '2025-03-01T08:00:00.000Z'));
    await store.saveRows('old', 0, rows(0, 2));
    await store.saveChunk('old', 0, outcomes(0, 2));
    await store.saveJob(job('a', 2.5 * C, '2025-03-02T08:00:00.000Z'));
    await store.saveRows('a', 0, rows(0, C));
    await store.saveChunk('a', 0, outcomes(0, C));
    await store.saveChunk('a', 2, outcomes(2 * C, 2.5 * C));
    await store.saveFix('a', 3, fixedTo(GUADALUPE));

    await store.clear('a');

    expect((await store.loadCurrent())!.id).toBe('old');
    const raw = await openDB(name);
    expect(await raw.getAllKeys('jobs')).toEqual(['old']);
    expect(await raw.getAllKeys('rows')).toEqual([['old', 0]]);
    expect(await raw.getAllKeys('results')).toEqual([['old', 0]]);
    expect(await raw.count('fixes')).toBe(0);
    raw.close();
  });

  test('a write that lands after its job was cleared is refused and writes nothing', async () => {
    const name = `test-${++dbCount}`;
    const store = await freshStore(name);
    await store.saveJob(job('a', 10));
    await store.clear('a');
    await expect(store.saveRows('a', 0, rows(0, 10))).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(store.saveChunk('a', 0, outcomes(0, 10))).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(store.saveFix('a', 1, fixedTo(LAHUG))).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(store.saveColumns('a', { address: 0 })).rejects.toBeInstanceOf(JobNotFoundError);
    await expect(store.saveRunning('a', false)).rejects.toBeInstanceOf(JobNotFoundError);
    const raw = await openDB(name);
    for (const kept of ['jobs', 'rows', 'results', 'fixes']) expect(await raw.count(kept)).toBe(0);
    raw.close();
  });

  test('a reopened store still has the job (what a reload does)', async () => {
    const first = await openJobStore();
    await first.saveJob(job('a', 1200));
    await first.saveRows('a', 0, rows(0, C));
    await first.saveChunk('a', 0, outcomes(0, C));
    await first.saveFix('a', 1100, fixedTo(GUADALUPE));
    first.close();

    const second = await freshStore('kapuluan-match');
    expect((await second.loadCurrent())!.id).toBe('a');
    expect((await second.loadRows('a', 0))[7]).toEqual(['Clinic 7', 'Lahug, Cebu City 7']);
    expect((await second.loadResults('a', 0, C))[0]?.match?.name).toBe('Lahug');
    const third = await second.loadResults('a', 2, 200);
    expect(third[99]).toBeNull();
    expect(third[100]).toEqual(fixedTo(GUADALUPE));
    await second.clear('a');
  });

  test('refuses a chunk longer than CHUNK_ROWS or at no index', async () => {
    const store = await freshStore();
    await store.saveJob(job('a', 2 * C));
    await expect(store.saveChunk('a', 0, outcomes(0, CHUNK_ROWS + 1))).rejects.toBeInstanceOf(RangeError);
    await expect(store.saveRows('a', 0, rows(0, CHUNK_ROWS + 1))).rejects.toBeInstanceOf(RangeError);
    await expect(store.saveChunk('a', -1, outcomes(0, 1))).rejects.toBeInstanceOf(RangeError);
    await expect(store.saveFix('a', 1.5, fixedTo(LAHUG))).rejects.toBeInstanceOf(RangeError);
  });

  test('a full disk rejects with an error that says storage is full', async () => {
    const store = await freshStore();
    await store.saveJob(job('a', 10));
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(store.saveChunk('a', 0, outcomes(0, 10))).rejects.toThrow(/storage is full/i);
    await expect(store.saveRows('a', 0, rows(0, 10))).rejects.toThrow(/storage is full/i);
    vi.restoreAllMocks();
    expect((await store.loadResults('a', 0, 10))[0]).toBeNull();
  });

  test('a job saved by the version before (its rows inside the job) opens with its rows, results and fixes', async () => {
    const name = `test-${++dbCount}`;
    const v1 = await openDB(name, 1, {
      upgrade(db) {
        db.createObjectStore('jobs', { keyPath: 'id' }).createIndex('createdAt', 'createdAt');
        db.createObjectStore('columns');
        db.createObjectStore('results');
        db.createObjectStore('fixes');
      },
    });
    const { rowCount: _, ...table } = job('a', 1200).table;
    await v1.put('jobs', {
      id: 'a',
      createdAt: '2025-01-01T00:00:00.000Z',
      engine: 'browser',
      table: { ...table, rows: rows(0, 1200) },
    });
    await v1.put('columns', { address: 1 }, 'a');
    await v1.put('results', outcomes(0, C), ['a', 0]);
    await v1.put('fixes', fixedTo(GUADALUPE), ['a', 1100]);
    v1.close();

    const store = await freshStore(name);
    expect(await store.loadCurrent()).toEqual({ ...job('a', 1200), running: undefined, complete: true });
    expect(await store.loadRows('a', 2)).toEqual(rows(1000, 1200));
    expect((await store.loadResults('a', 0, C))[3]?.match?.confidence).toBe(3 / 10_000);
    expect((await store.loadResults('a', 2, 200))[100]).toEqual(fixedTo(GUADALUPE));
    const raw = await openDB(name);
    expect(await raw.get('jobs', 'a')).not.toHaveProperty('table.rows');
    raw.close();
  });
});
