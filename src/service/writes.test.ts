import { describe, expect, test } from 'vitest';
import { type CreatedRecords, emptyRecords, type NewRegion, type RecordStore, snapshotStore } from './store.ts';
import { RecordWrites } from './writes.ts';

/** A store whose saves wait until the test settles them. */
function heldStore() {
  const saves: { records: CreatedRecords; resolve: () => void; reject: (error: Error) => void }[] = [];
  let saved = emptyRecords();
  const store: RecordStore = snapshotStore({
    read: async () => structuredClone(saved),
    write: (records) =>
      new Promise<void>((resolve, reject) =>
        saves.push({
          records,
          resolve: () => {
            saved = records;
            resolve();
          },
          reject,
        }),
      ),
  });
  return { store, saves };
}

const region = (code: string): NewRegion => ({
  stringId: `region-${code.toLowerCase()}`,
  name: code,
  code,
  createdAt: '2024-01-01T00:00:00.000Z',
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
/** A create as the endpoints make it (src/service/reorganize/region-records.ts): through the queue of changes. */
const add = (writes: RecordWrites, r: NewRegion) =>
  writes.change(
    () => undefined,
    () => writes.store.addRegion(r),
    (records, created) => ({ ...records, regions: [...records.regions, created] }),
  );

/** No snapshot is asked for here: the queue alone is under test. */
const noSnapshot = {
  now: () => {
    throw new Error('no snapshot in this test');
  },
  over: () => {
    throw new Error('no snapshot in this test');
  },
};

describe('creating through the writes', () => {
  test('a record is not shown while its save is under way, and never when the save fails', async () => {
    const { store, saves } = heldStore();
    const writes = new RecordWrites(emptyRecords(), store, noSnapshot);

    const failing = add(writes, region('LOST'));
    await tick();
    expect(saves[0].records.regions.map((r) => r.code)).toEqual(['LOST']);
    expect(writes.records.regions).toEqual([]);
    saves[0].reject(new Error('disk full'));
    await expect(failing).rejects.toThrow('disk full');
    expect(writes.records.regions).toEqual([]);

    const kept = add(writes, region('KEPT'));
    await tick();
    expect(writes.records.regions).toEqual([]);
    saves[1].resolve();
    await kept;
    expect(writes.records.regions.map((r) => r.code)).toEqual(['KEPT']);
    expect(writes.generation).toBe(1);
  });
});
