/**
 * Whether a table of the user's is kept in this browser, as a flag in localStorage the app reads synchronously
 * on start: the feature's code (and IndexedDB) is loaded only when there is one, or when "Add your data" is
 * pressed, never on the way to the first screen otherwise.
 */
const FLAG = 'kapuluan-your-data';

export function hasSavedTable(): boolean {
  try {
    return localStorage.getItem(FLAG) === 'saved';
  } catch {
    return false;
  }
}

export function savedFlagChanged(saved: boolean): void {
  try {
    if (saved) localStorage.setItem(FLAG, 'saved');
    else localStorage.removeItem(FLAG);
  } catch {
    // Storage refused (a private window's quota): the table is still in IndexedDB, loaded when the area opens.
  }
}
