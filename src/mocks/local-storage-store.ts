import { type AuditEntry, emptyRecords, parseRecords, type RecordStore, snapshotStore } from '../service/store.ts';

export const STORAGE_KEY = 'kapuluan.created-records.v1';
/** The audit trail of the built-in service's changes, beside the records. */
export const AUDIT_STORAGE_KEY = 'kapuluan.audit.v1';

/** A key no value is kept under yet: two values moved aside in one millisecond must not overwrite each other. */
function freeKey(storage: Storage, base: string): string {
  let key = base;
  for (let n = 2; storage.getItem(key) !== null; n++) key = `${base}.${n}`;
  return key;
}

/**
 * Created records in localStorage, so they survive a reload. A stored value that cannot be read (not JSON, or
 * one entry that breaks the rules, src/service/record-checks.ts) is moved aside whole under its own key,
 * never overwritten or deleted, and the console says where it went and which entry was bad; the service
 * starts from none. Keeping the good entries of a bad set would mean saving over the value the user had.
 */
export function localStorageStore(storage: Storage = localStorage): RecordStore {
  return snapshotStore({
    async read() {
      const raw = storage.getItem(STORAGE_KEY);
      if (raw === null) return emptyRecords();
      try {
        return parseRecords(JSON.parse(raw));
      } catch (error) {
        // If this copy fails (storage full), the error stops the service's start with the value still in place.
        const aside = freeKey(storage, `${STORAGE_KEY}.unreadable.${Date.now()}`);
        storage.setItem(aside, raw);
        storage.removeItem(STORAGE_KEY);
        console.error(
          `[kapuluan] stored records could not be read (${(error as Error).message}); kept them under ${aside}`,
        );
        return emptyRecords();
      }
    },
    async write(records) {
      storage.setItem(STORAGE_KEY, JSON.stringify(records));
    },
    async readAudit() {
      // The trail is kept for reading and restoring; one that cannot be read starts anew, the records untouched.
      try {
        const entries = JSON.parse(storage.getItem(AUDIT_STORAGE_KEY) ?? '[]') as AuditEntry[];
        return Array.isArray(entries) ? entries : [];
      } catch {
        return [];
      }
    },
    async writeAudit(entries) {
      storage.setItem(AUDIT_STORAGE_KEY, JSON.stringify(entries));
    },
  });
}
