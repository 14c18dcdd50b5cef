/**
 * Creations under concurrency against the service with a store whose saves fail: a failed save answers 500 and
 * leaves no trace, and no reader sees a record before it is saved. The same creations over HTTP with the file
 * store are src/server/creates.property.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';
import { bodyText, op } from '../test/creations.ts';
import { checkProperty } from '../test/property.ts';
import { requestWith } from '../test/service-request.ts';
import { testDataset } from '../test/service-server.ts';
import { Service } from './service.ts';
import { type CreatedRecords, emptyRecords, type RecordStore, snapshotStore } from './store.ts';

const KEY = 'create-property-key';

/** A store whose saves fail when told to, after a pause in which other requests run. */
function failingStore(fails: () => boolean): RecordStore & { saved: CreatedRecords } {
  const snapshot = {
    saved: emptyRecords(),
    read: async () => structuredClone(snapshot.saved),
    write: async (records: CreatedRecords) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      if (fails()) throw new Error('disk full');
      snapshot.saved = structuredClone(records);
    },
  };
  // a getter, defined (Object.assign would copy the value it has now)
  return Object.defineProperty(snapshotStore(snapshot), 'saved', { get: () => snapshot.saved }) as RecordStore & {
    saved: CreatedRecords;
  };
}

describe('creations when saving fails', () => {
  test('a failed save answers 500 and leaves no trace; no reader ever sees an unsaved record', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined); // each failed save is logged
    let failures: boolean[] = [];
    const store = failingStore(() => failures.shift() ?? false);
    const service = await Service.create({ source: await testDataset(), store, keys: [KEY] });
    const request = requestWith(KEY);
    /** Short codes of the regions the service lists, page by page, that carry this run's prefix. */
    const regionCodes = async (prefix: string) => {
      const codes: string[] = [];
      for (let page = 1; ; page++) {
        const { body } = await service.call('GET', request(`/v1/regions?limit=100&page=${page}`));
        const data = (body as { data: { short_code: string }[] }).data;
        codes.push(...data.map((r) => r.short_code).filter((c) => c.includes(prefix)));
        if (data.length < 100) return codes;
      }
    };
    let run = 0;
    await checkProperty(
      'service: concurrent creates, failing saves',
      fc.asyncProperty(
        fc.array(
          op.filter((o) => typeof o.body !== 'string'),
          { minLength: 1, maxLength: 8 },
        ),
        fc.array(fc.boolean(), { maxLength: 8 }),
        async (ops, fails) => {
          failures = [...fails];
          const prefix = `F${(run++).toString(36).toUpperCase()}Z`;
          const seen = new Set<string>();
          // readers that look while the creations (and their saves) are under way
          const look = async () => {
            for (let i = 0; i < 6; i++) {
              await new Promise((resolve) => setTimeout(resolve, i % 2));
              for (const code of await regionCodes(prefix)) seen.add(code);
            }
          };
          const answers = await Promise.all([
            ...ops.map((o) => {
              const body = JSON.parse(bodyText(o.body, prefix));
              return o.kind === 'region'
                ? service.call('POST', request('/v1/regions', body))
                : service.call('POST', request('/v1/provinces', body));
            }),
            look(),
            look(),
            look(),
          ]);
          const saved = store.saved;
          const created = answers.slice(0, ops.length) as { status: number; body: any }[];
          for (const a of created) expect([201, 400, 409, 500]).toContain(a.status);
          for (const a of created.filter((c) => c.status === 201)) {
            const list = 'region_id' in a.body ? saved.provinces : saved.regions;
            expect(
              list.some((r) => r.code === a.body.code),
              `201 ${a.body.code} saved`,
            ).toBe(true);
          }
          // what the service shows is what is saved, and nothing shown was ever unsaved
          const savedCodes = saved.regions.map((r) => r.code).filter((c) => c.includes(prefix));
          expect((await regionCodes(prefix)).sort()).toEqual(savedCodes.sort());
          for (const code of seen) expect(savedCodes, `${code} was shown`).toContain(code);
        },
      ),
      150,
    );
    expect(logged.mock.calls.every(([, error]) => (error as Error).message === 'disk full')).toBe(true);
    logged.mockRestore();
  });
});
