import { type DBSchema, openDB } from 'idb';
import type { ClassMethod } from '../../map/class-methods.ts';
import type { PaletteName } from '../../map/palettes.ts';
import type { RowJoin } from './join.ts';
import type { TableKey } from './keys.ts';
import { savedFlagChanged } from './saved-flag.ts';

/** The choices made on a table: kept apart, so making one writes a few bytes, not the table's rows again. */
export interface TableChoices {
  /** The column of figures drawn; null until one is chosen. */
  column: number | null;
  method: ClassMethod;
  /** A ColorBrewer palette, or null for the one that suits the figures. */
  palette: PaletteName | null;
  /** On the map (after the join report was seen), or not. */
  shown: boolean;
}

/**
 * A user's table as it is kept in this browser: the rows as read, how they were joined (so a reload does not ask
 * the geocoder again), and the choices made on it. One table at a time; adding another replaces it.
 */
export interface SavedTable extends TableChoices {
  fileName: string;
  /** ISO 8601. */
  savedAt: string;
  header: string[];
  /** Whether the first line was a header: a row's number as a spreadsheet shows it is then its index + 2. */
  headerRow: boolean;
  rows: string[][];
  key: TableKey;
  /** The code list the rows were joined to ("2Q 2025"). */
  vintage: string;
  joins: RowJoin[];
}

/**
 * The joins as stored: a string a row ("<code> <level>", " area" after a province-level city), null for a row
 * not joined, and what else a row says by its index. Cloning 42,000 strings into IndexedDB takes a fraction of
 * the time 42,000 objects do, and the page waits for the clone.
 */
interface StoredJoins {
  places: (string | null)[];
  extras: Record<number, { reason?: string; note?: string; name?: string }>;
}

type StoredTable = Omit<SavedTable, keyof TableChoices | 'joins'> & { joins: StoredJoins };

export function packJoins(joins: readonly RowJoin[]): StoredJoins {
  const packed: StoredJoins = { places: [], extras: {} };
  joins.forEach((join, row) => {
    if (join.kind === 'missing') {
      packed.places.push(null);
      packed.extras[row] = { reason: join.reason };
      return;
    }
    const { code, level, area } = join.unit;
    packed.places.push(`${code} ${level}${area ? ' area' : ''}`);
    if (join.note || join.name) packed.extras[row] = { note: join.note, name: join.name };
  });
  return packed;
}

export function unpackJoins({ places, extras }: StoredJoins): RowJoin[] {
  return places.map((place, row): RowJoin => {
    const extra = extras[row] ?? {};
    if (place === null) return { kind: 'missing', reason: extra.reason ?? '' };
    const [code, level, area] = place.split(' ');
    const join: RowJoin = { kind: 'joined', unit: { code, level, area: area === 'area' } };
    if (extra.note) join.note = extra.note;
    if (extra.name) join.name = extra.name;
    return join;
  });
}

interface TablesDB extends DBSchema {
  tables: { key: string; value: StoredTable };
  choices: { key: string; value: TableChoices };
}

const CURRENT = 'current';

/** The table store (IndexedDB `name`, `kapuluan-your-data` in the app). */
export function tableStore(name = 'kapuluan-your-data') {
  const db = openDB<TablesDB>(name, 1, {
    upgrade(database) {
      database.createObjectStore('tables');
      database.createObjectStore('choices');
    },
  });
  const choicesOf = ({ column, method, palette, shown }: TableChoices): TableChoices => ({
    column,
    method,
    palette,
    shown,
  });
  return {
    async load(): Promise<SavedTable | null> {
      const database = await db;
      const [table, choices] = await Promise.all([database.get('tables', CURRENT), database.get('choices', CURRENT)]);
      if (!table || !choices) return null;
      return { ...table, ...choices, joins: unpackJoins(table.joins) };
    },
    /** Keeps a new table, replacing the one before, with its choices. */
    async save({ joins, column, method, palette, shown, ...table }: SavedTable): Promise<void> {
      const write = (await db).transaction(['tables', 'choices'], 'readwrite');
      await Promise.all([
        write.objectStore('tables').put({ ...table, joins: packJoins(joins) }, CURRENT),
        write.objectStore('choices').put({ column, method, palette, shown }, CURRENT),
        write.done,
      ]);
      savedFlagChanged(true);
    },
    async saveChoices(choices: TableChoices): Promise<void> {
      await (await db).put('choices', choicesOf(choices), CURRENT);
    },
    /**
     * The flag is cleared before the delete starts, so a page reloaded while it runs does not load the table being
     * removed; it is set again if the delete fails, as the table is then still here.
     */
    async remove(): Promise<void> {
      savedFlagChanged(false);
      try {
        const write = (await db).transaction(['tables', 'choices'], 'readwrite');
        await Promise.all([
          write.objectStore('tables').delete(CURRENT),
          write.objectStore('choices').delete(CURRENT),
          write.done,
        ]);
      } catch (error) {
        savedFlagChanged(true);
        throw error;
      }
    },
    async close(): Promise<void> {
      (await db).close();
    },
  };
}

export type TableStore = ReturnType<typeof tableStore>;
