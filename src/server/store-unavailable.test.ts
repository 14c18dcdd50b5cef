/**
 * A store that cannot be reached (its database down or restarting): writes are 503 `unavailable` with
 * Retry-After, which a client can tell from a bug (500), reads go on from the records held, and the writes go
 * through again once the store is back. Through the HTTP server, so the header is seen as a client sees it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { memoryStore, type RecordStore, StoreUnavailable } from '../service/store.ts';
import { caller } from '../test/http-call.ts';
import { startTestServer } from '../test/test-server.ts';

/**
 * A memory store whose writes throw StoreUnavailable while `down` is set, whose next `loadFailures` loads do, and
 * which says through `changed` that another server changed it.
 */
function flakyStore() {
  const inner = memoryStore();
  const state = { down: false, loadFailures: 0, changed: (() => undefined) as () => void };
  const unavailable = () => Promise.reject(new StoreUnavailable('connect ECONNREFUSED 127.0.0.1:5432'));
  const write =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A) =>
      state.down ? unavailable() : call(...args);
  const store: RecordStore = {
    load: () => (state.loadFailures-- > 0 ? unavailable() : inner.load()),
    addRegion: write(inner.addRegion),
    addProvince: write(inner.addProvince),
    removeRegion: write(inner.removeRegion),
    removeProvince: write(inner.removeProvince),
    updateRegion: write(inner.updateRegion),
    updateProvince: write(inner.updateProvince),
    restoreRegion: write(inner.restoreRegion),
    restoreProvince: write(inner.restoreProvince),
    audit: (query) => (state.down ? unavailable() : inner.audit(query)),
    watch: async (changed) => {
      state.changed = changed;
      return async () => undefined;
    },
  };
  return { store, state, inner };
}

const KEY = 'unavailable-key';
const { store, state, inner } = flakyStore();
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer({ keys: [KEY], store });
});
afterAll(() => server.close());

const call = caller(() => server.url, KEY);

describe('a records store that cannot be reached', () => {
  test('writes are 503 unavailable with Retry-After, reads answer, and writes go through once it is back', async () => {
    expect((await call('/v1/regions', { body: { name: 'Before', code: 'BEF' } })).status).toBe(201);
    state.down = true;
    const writes = [
      await call('/v1/regions', { body: { name: 'During', code: 'DUR' } }),
      await call('/v1/provinces', { body: { name: 'During', code: 'DUR', region_id: 'region-bef' } }),
      await call('/v1/regions/region-bef', { method: 'PATCH', body: { name: 'Renamed' } }),
      await call('/v1/regions/region-bef', { method: 'DELETE' }),
    ];
    for (const answer of writes) {
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(answer).toMatchObject({
        status: 503,
        body: { data: null, error: { code: 'unavailable', details: { retry_after_seconds: 5 } } },
      });
    }
    const listed = await call('/v1/regions?limit=100');
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r: { name: string }) => r.name)).toContain('Before');
    expect(listed.body.data.map((r: { name: string }) => r.name)).not.toContain('During');
    state.down = false;
    expect((await call('/v1/regions', { body: { name: 'During', code: 'DUR' } })).status).toBe(201);
  });

  test('a change heard while the store cannot be read is read once it can be, without another notification', async () => {
    await inner.addRegion({
      stringId: 'region-oth',
      name: 'Elsewhere',
      code: 'OTH',
      createdAt: new Date().toISOString(),
    });
    state.loadFailures = 2; // the notification came just before an outage
    state.changed();
    const names = async () => (await call('/v1/regions?limit=100')).body.data.map((r: { name: string }) => r.name);
    await expect.poll(names, { timeout: 5000, interval: 50 }).toContain('Elsewhere');
    expect(state.loadFailures).toBeLessThan(0); // read after the two failures, by the retries alone
  });
});
