import 'fake-indexeddb/auto';
import { describe, expect, test, vi } from 'vitest';
import type { RowJoin } from './join.ts';
import { hasSavedTable } from './saved-flag.ts';
import { packJoins, type SavedTable, tableStore, unpackJoins } from './saved-table.ts';

const joins: RowJoin[] = [
  { kind: 'joined', unit: { code: '0102801000', level: 'Mun', area: false } },
  { kind: 'missing', reason: 'No code in the row.' },
  { kind: 'joined', unit: { code: '1430300000', level: 'City', area: true }, name: 'City of Baguio, Benguet' },
  {
    kind: 'joined',
    unit: { code: '0906601001', level: 'Bgy', area: false },
    note: '1906601001 (4Q 2023) is now 0906601001',
  },
];

const table: SavedTable = {
  fileName: 'towns.csv',
  savedAt: '2025-11-29T00:00:00.000Z',
  header: ['PSGC', 'Poverty'],
  headerRow: true,
  rows: [
    ['0102801000', '12.5%'],
    ['', '3'],
    ['Baguio', '4'],
    ['1906601001', '-'],
  ],
  key: { kind: 'code', column: 0, nine: 'correspondence' },
  vintage: '2Q 2025',
  joins,
  column: 1,
  method: 'quantiles',
  palette: null,
  shown: false,
};

describe('a table kept in this browser', () => {
  test('keeps every row’s join through its compact form', () => {
    const packed = packJoins(joins);
    expect(packed.places).toEqual(['0102801000 Mun', null, '1430300000 City area', '0906601001 Bgy']);
    expect(unpackJoins(packed)).toEqual(joins);
  });

  test('comes back whole after the page is gone, with the choices made since, and is gone once removed', async () => {
    const store = tableStore('test-your-data');
    await store.save(table);
    await store.saveChoices({ ...table, column: 1, method: 'natural', palette: 'BuGn', shown: true });
    await store.close();
    const reloaded = tableStore('test-your-data');
    expect(await reloaded.load()).toEqual({ ...table, method: 'natural', palette: 'BuGn', shown: true });
    await reloaded.remove();
    expect(await reloaded.load()).toBeNull();
    await reloaded.close();
  });

  test('says it is gone from the moment it is being removed, so a page reloaded meanwhile does not load it', async () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
      removeItem: (key: string) => items.delete(key),
    });
    try {
      const store = tableStore('test-your-data-flag');
      await store.save(table);
      expect(hasSavedTable()).toBe(true);
      const removing = store.remove();
      expect(hasSavedTable()).toBe(false);
      await removing;
      expect(await store.load()).toBeNull();
      expect(hasSavedTable()).toBe(false);
      await store.close();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
