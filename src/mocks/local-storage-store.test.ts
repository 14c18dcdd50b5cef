/** The browser's store never loses what the user created: a value it cannot read is moved aside whole. */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { localStorageStore, STORAGE_KEY } from './local-storage-store.ts';

/** localStorage's interface over a Map, as Node has none. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  keys() {
    return [...this.items.keys()];
  }
}

const goodRegion = {
  numericId: 100,
  stringId: 'region-good',
  name: 'Good Region',
  code: 'GOOD',
  createdAt: '2026-11-01T00:00:00.000Z',
};
/** Two good regions with a bad one between them, as an older version or a hand edit could leave. */
const oneBad = JSON.stringify({
  version: 1,
  regions: [goodRegion, null, { ...goodRegion, numericId: 102, stringId: 'region-fine', code: 'FINE' }],
  provinces: [],
});

afterEach(() => vi.restoreAllMocks());

describe('localStorageStore', () => {
  test('loads a stored set that keeps the rules as it was stored', async () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, JSON.stringify({ version: 1, regions: [goodRegion], provinces: [] }));
    expect((await localStorageStore(storage).load()).regions).toEqual([goodRegion]);
  });

  test('one bad entry moves the whole value aside, byte for byte, and says where and which entry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEY, oneBad);
    const store = localStorageStore(storage);
    expect(await store.load()).toEqual({ version: 1, regions: [], provinces: [] });
    const [aside] = storage.keys().filter((k) => k.startsWith(`${STORAGE_KEY}.unreadable.`));
    expect(storage.getItem(aside)).toBe(oneBad);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(logged).toHaveBeenCalledWith(expect.stringContaining(aside));
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('regions[1] is null'));
    // what the service creates next goes under the usual key, beside the value kept aside
    const { stringId, name, code, createdAt } = goodRegion;
    await store.addRegion({ stringId, name, code, createdAt });
    expect(storage.getItem(aside)).toBe(oneBad);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).regions.map((r: { code: string }) => r.code)).toEqual([
      goodRegion.code,
    ]);
  });

  test('two unreadable values moved aside in the same millisecond are both kept', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const storage = new MemoryStorage();
    for (const value of ['{not json', oneBad]) {
      storage.setItem(STORAGE_KEY, value);
      await localStorageStore(storage).load();
    }
    const kept = storage.keys().map((k) => storage.getItem(k));
    expect(kept.sort()).toEqual([oneBad, '{not json'].sort());
  });
});
