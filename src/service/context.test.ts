import { describe, expect, test } from 'vitest';
import { ServiceContext } from './context.ts';
import type { Dataset } from './dataset.ts';
import { type CreatedRecords, emptyRecords, type NewRegion, type RecordStore, snapshotStore } from './store.ts';

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
const add = (ctx: ServiceContext, r: NewRegion) =>
  ctx.change(
    () => undefined,
    () => ctx.store.addRegion(r),
    (created) => ctx.records.regions.push(created),
  );

describe('creating through the service context', () => {
  test('a record is not shown while its save is under way, and never when the save fails', async () => {
    const { store, saves } = heldStore();
    const ctx = new ServiceContext({ data: {} as Dataset, records: emptyRecords(), store });

    const failing = add(ctx, region('LOST'));
    await tick();
    expect(saves[0].records.regions.map((r) => r.code)).toEqual(['LOST']);
    expect(ctx.records.regions).toEqual([]);
    saves[0].reject(new Error('disk full'));
    await expect(failing).rejects.toThrow('disk full');
    expect(ctx.records.regions).toEqual([]);

    const kept = add(ctx, region('KEPT'));
    await tick();
    expect(ctx.records.regions).toEqual([]);
    saves[1].resolve();
    await kept;
    expect(ctx.records.regions.map((r) => r.code)).toEqual(['KEPT']);
  });
});
