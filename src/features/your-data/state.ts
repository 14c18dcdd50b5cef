import { create } from 'zustand';
import { matchAddresses, matchingDone } from '../../api/geocode.ts';
import type { ClassMethod } from '../../map/class-methods.ts';
import type { PaletteName } from '../../map/palettes.ts';
import type { CodeBook } from './code-book.ts';
import { joinByCode, joinByNames } from './join.ts';
import { guessKey, keyColumnsOf } from './keys.ts';
import { readColumn } from './numbers.ts';
import { readTableFile, UnreadableTable } from './read-client.ts';
import { type SavedTable, type TableStore, tableStore } from './saved-table.ts';

export type Phase =
  | { kind: 'loading' }
  | { kind: 'empty' }
  | { kind: 'reading'; name: string }
  | { kind: 'joining'; name: string; done: number; rows: number }
  | { kind: 'ready' };

interface YourDataState {
  phase: Phase;
  /** A sentence saying what went wrong and what to do; the table before, if any, stays. */
  error: string | null;
  table: SavedTable | null;
  /** What the map draws now: the step's key and the codes of its places, for the legend's counts. */
  drawn: { step: string; codes: string[] } | null;
  /** Show was just pressed: the section's title takes the focus once it is drawn again. */
  justShown: boolean;
}

const useStore = create<YourDataState>(() => ({
  phase: { kind: 'loading' },
  error: null,
  table: null,
  drawn: null,
  justShown: false,
}));

export const usePhase = () => useStore((s) => s.phase);
export const useTableError = () => useStore((s) => s.error);
export const useTable = () => useStore((s) => s.table);
export const useDrawn = () => useStore((s) => s.drawn);
export const useJustShown = () => useStore((s) => s.justShown);

let store: TableStore | null = null;
const theStore = () => {
  store ??= tableStore();
  return store;
};

/** Reads the table kept in this browser, once. */
export async function yourDataOpened(): Promise<void> {
  if (useStore.getState().phase.kind !== 'loading') return;
  try {
    const table = await theStore().load();
    useStore.setState({ table, phase: table ? { kind: 'ready' } : { kind: 'empty' } });
  } catch (error) {
    useStore.setState({ phase: { kind: 'empty' }, error: `Your saved table could not be read: ${String(error)}` });
  }
}

/**
 * A file chosen or a table pasted: read, its key found, its rows joined (by code here, by names through the
 * geocoder's batch) and kept, not yet drawn. A file that cannot be used leaves the table before as it was.
 */
export async function tableGiven(name: string, blob: Blob, book: CodeBook, signal: AbortSignal): Promise<void> {
  const before = useStore.getState();
  useStore.setState({ phase: { kind: 'reading', name }, error: null });
  const back = (error: string) =>
    useStore.setState({ phase: before.table ? { kind: 'ready' } : { kind: 'empty' }, error });
  try {
    const source = await readTableFile(name, blob);
    const key = guessKey(source.header, source.rows, book);
    if (!key) {
      back(
        `“${name}” has no column of PSGC codes and none of place names (${source.header.map((h) => `“${h}”`).join(', ')}): ` +
          'name the column of codes “PSGC” (or “Code”), or those of names “Barangay”, “City/Municipality” and “Province”, and open it again.',
      );
      return;
    }
    const rows = source.rows;
    useStore.setState({ phase: { kind: 'joining', name, done: 0, rows: rows.length } });
    const joins =
      key.kind === 'code'
        ? joinByCode(rows, key.column, key.nine, book)
        : await joinByNames(rows, key.columns, matchAddresses, book, {
            signal,
            onProgress: (done) => useStore.setState({ phase: { kind: 'joining', name, done, rows: rows.length } }),
          }).finally(matchingDone);
    const keyColumns = keyColumnsOf(key);
    const table: SavedTable = {
      fileName: name,
      savedAt: new Date().toISOString(),
      header: source.header,
      headerRow: source.headerDetected !== false,
      rows,
      key,
      vintage: book.vintage,
      joins,
      column: firstFigureColumn(source.header, rows, keyColumns, joins),
      method: 'quantiles',
      palette: null,
      shown: false,
    };
    useStore.setState({ table, phase: { kind: 'ready' }, drawn: null });
    // The report is painted first: keeping the rows clones them on this thread (a few hundred ms for 42,000).
    await afterPaint();
    await keep(() => theStore().save(table));
  } catch (error) {
    if (signal.aborted) return back('Reading the table was stopped.');
    back(error instanceof UnreadableTable ? error.message : `“${name}” could not be read: ${String(error)}`);
  }
}

/** The first column, other than the key's, that holds a number in most joined rows (or any). */
function firstFigureColumn(
  header: readonly string[],
  rows: readonly string[][],
  keyColumns: readonly number[],
  joins: SavedTable['joins'],
): number | null {
  const joined = rows.filter((_, i) => joins[i].kind === 'joined').slice(0, 1000);
  let best: { column: number; numbers: number } | null = null;
  for (let column = 0; column < header.length; column++) {
    if (keyColumns.includes(column)) continue;
    const { numbers } = readColumn(joined.map((r) => r[column] ?? ''));
    if (numbers > joined.length / 2) return column;
    if (numbers && (!best || numbers > best.numbers)) best = { column, numbers };
  }
  return best?.column ?? null;
}

/** A choice on the table (its column, classes, palette, whether it is on the map): kept at once. */
export async function tableChanged(
  change: Partial<Pick<SavedTable, 'column' | 'method' | 'palette' | 'shown'>>,
): Promise<void> {
  const { table } = useStore.getState();
  if (!table) return;
  const next = { ...table, ...change };
  useStore.setState({ table: next });
  await keep(() => theStore().saveChoices(next));
}

/** The table put on the map, after its report was read. */
export async function tableShown(): Promise<void> {
  useStore.setState({ justShown: true });
  await tableChanged({ shown: true });
}
export const shownSeen = () => useStore.setState({ justShown: false });

export const methodChosen = (method: ClassMethod) => tableChanged({ method });
export const paletteChosen = (palette: PaletteName | null) => tableChanged({ palette });

/** Takes the table off the map and out of this browser. */
export async function tableRemoved(): Promise<void> {
  useStore.setState({ table: null, phase: { kind: 'empty' }, error: null, drawn: null, justShown: false });
  try {
    await theStore().remove();
  } catch (error) {
    useStore.setState({ error: `Your table could not be removed from this browser: ${String(error)}` });
  }
}

/** What the map draws now (the layers say), for the legend's counts. */
export const drawnChanged = (drawn: YourDataState['drawn']) => useStore.setState({ drawn });

/** Once the browser has painted what was just rendered. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

async function keep(write: () => Promise<void>) {
  try {
    await write();
  } catch (error) {
    useStore.setState({
      error: `Your table is on the map but could not be kept in this browser (${String(error)}): it will be gone after a reload.`,
    });
  }
}
