import { type DBSchema, openDB } from 'idb';
import type { ClassMethod } from '../../map/class-breaks.ts';
import type { PaletteName } from '../../map/palettes.ts';
import type { RowJoin } from './join.ts';
import type { TableKey } from './keys.ts';
import { savedFlagChanged } from './saved-flag.ts';

/**
 * A user's table as it is kept in this browser: the rows as read, how they were joined (so a reload does not
 * ask the geocoder again), and the choices made on it. One table at a time; adding another replaces it.
 */
export interface SavedTable {
  fileName: string;
  /** ISO 8601. */
  savedAt: string;
  header: string[];
  /** Whether the first line was a header: a row's number as a spreadsheet shows it is then its index + 2. */
  headerRow: boolean;
  rows: string[][];
  key: TableKey;
  /** The code list the rows were joined to ("2Q 2025"): a table joined to another is joined again. */
  vintage: string;
  joins: RowJoin[];
  /** The column of figures drawn; null until one is chosen. */
  column: number | null;
  method: ClassMethod;
  /** A ColorBrewer palette, or null for the one that suits the figures. */
  palette: PaletteName | null;
  /** On the map (after the join report was seen), or not. */
  shown: boolean;
}

interface TablesDB extends DBSchema {
  tables: { key: string; value: SavedTable };
}

const CURRENT = 'current';

/** The table store (IndexedDB `name`, `kapuluan-your-data` in the app). */
export function tableStore(name = 'kapuluan-your-data') {
  const db = openDB<TablesDB>(name, 1, {
    upgrade(database) {
      database.createObjectStore('tables');
    },
  });
  return {
    async load(): Promise<SavedTable | null> {
      return (await (await db).get('tables', CURRENT)) ?? null;
    },
    async save(table: SavedTable): Promise<void> {
      await (await db).put('tables', table, CURRENT);
      savedFlagChanged(true);
    },
    async remove(): Promise<void> {
      await (await db).delete('tables', CURRENT);
      savedFlagChanged(false);
    },
    async close(): Promise<void> {
      (await db).close();
    },
  };
}

export type TableStore = ReturnType<typeof tableStore>;
