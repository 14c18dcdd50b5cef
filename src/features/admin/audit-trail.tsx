import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type AuditEntry, auditQueries, restoreUnit } from '../../api/audit.ts';
import { QueryState } from '../../ui/query-state.tsx';
import { useMayChange } from './admin-key.tsx';
import type { RecordRef } from './mutations.ts';
import './records.css';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** What one change did, in a sentence. */
export function changeSentence(entry: AuditEntry): string {
  const { before, after } = entry;
  switch (entry.action) {
    case 'create':
      return `Created as ${after?.name} (${after?.code})`;
    case 'reorganize':
      return `Created as ${after?.name} (${after?.code}) from ${after?.members.length} ${entry.kind === 'region' ? 'provinces and cities' : 'towns'}`;
    case 'rename':
      return `Renamed from ${before?.name} to ${after?.name}`;
    case 'recode':
      return `Recoded from ${before?.code} to ${after?.code}${before?.name !== after?.name ? `, renamed ${after?.name}` : ''}`;
    case 'delete':
      return `Undone (deleted); its places went back`;
    case 'restore':
      return `Restored as ${after?.name} (${after?.code})`;
  }
}

/** A created unit's history (GET /v1/audit): who changed it, when, and how; newest first. */
export function History({ kind, id, name }: { kind: 'region' | 'province'; id: string; name: string }) {
  const [open, setOpen] = useState(false);
  const may = useMayChange();
  const trail = useQuery({ ...auditQueries.list({ kind, unit: id }), enabled: open && may });
  if (!may) return null;
  return (
    <>
      <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide history' : 'History'}
        <span className="visually-hidden"> of {name}</span>
      </button>
      {open && <Trail query={trail} label={`History of ${name}`} />}
    </>
  );
}

/** Every change to the created records, whichever unit, newest first: the admin area's whole history. */
export function AllChanges() {
  const [open, setOpen] = useState(false);
  const may = useMayChange();
  const trail = useQuery({ ...auditQueries.list({ limit: 50 }), enabled: open && may });
  if (!may) return null;
  return (
    <section aria-labelledby="all-changes-title" className="created">
      <h3 id="all-changes-title">History</h3>
      <button type="button" className="link" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide all changes' : 'Show all changes'}
      </button>
      {open && <Trail query={trail} label="All changes" named />}
    </section>
  );
}

/** Changes as a list: what each did (`named`: to which unit), who did it and when. */
function Trail({
  query,
  label,
  named = false,
}: {
  query: UseQueryResult<{ data: AuditEntry[] }>;
  label: string;
  named?: boolean;
}) {
  return (
    <QueryState query={query} what="history" isEmpty={(page) => page.data.length === 0}>
      {(page) => (
        <ol className="history" aria-label={label}>
          {page.data.map((entry) => (
            <li key={entry.id}>
              <span>
                {named && `${unitName(entry)} (${entry.kind}): `}
                {changeSentence(entry)}
              </span>
              <span className="tag">
                by {entry.key.name} · <time dateTime={entry.at}>{when(entry.at)}</time>
              </span>
            </li>
          ))}
        </ol>
      )}
    </QueryState>
  );
}

/** The unit a change was made to, by the name it had then. */
const unitName = (entry: AuditEntry) => entry.after?.name ?? entry.before?.name ?? entry.unit.code;

/**
 * Created units undone (deleted) and not put back since: the audit trail keeps their last state, and an admin
 * restores one as it was. A unit whose code or places were taken since is refused, and the reason said.
 */
export function Undone({
  present,
  onRestored,
}: {
  present: (kind: 'region' | 'province', numericId: number) => boolean;
  /** Hears of a unit restored, once every list has been read again. */
  onRestored: (record: RecordRef) => void;
}) {
  const may = useMayChange();
  const deleted = useQuery({ ...auditQueries.list({ action: 'delete', limit: 50 }), enabled: may });
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationKey: ['records', 'restore'],
    mutationFn: (entry: AuditEntry) => restoreUnit(entry.kind, entry.unit.id),
    // Its places moved back into it: every list, outline and record may have changed.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  if (!may) return null;
  return (
    <section aria-labelledby="undone-title" className="created">
      <h3 id="undone-title" tabIndex={-1}>
        Undone
      </h3>
      <QueryState query={deleted} what="undone records">
        {(page) => {
          // Each unit once (its latest undoing), and only while it is still gone.
          const seen = new Set<string>();
          const gone = page.data.filter((e) => {
            const key = `${e.kind}/${e.unit.id}`;
            if (seen.has(key) || present(e.kind, e.unit.id)) return false;
            seen.add(key);
            return true;
          });
          if (!gone.length) return <p className="panel-status">Nothing undone.</p>;
          return (
            <ul className="list" aria-label="Undone records">
              {gone.map((entry) => (
                <li key={entry.id} className="created-record">
                  <span>
                    {entry.before?.name}
                    <span className="tag">
                      {entry.kind} · {entry.before?.code} · undone by {entry.key.name},{' '}
                      <time dateTime={entry.at}>{when(entry.at)}</time>
                    </span>
                  </span>
                  <button
                    type="button"
                    className="link"
                    aria-busy={restore.isPending && restore.variables?.id === entry.id}
                    onClick={() =>
                      restore.mutate(entry, {
                        onSuccess: () => onRestored({ kind: entry.kind, id: String(entry.unit.id) }),
                      })
                    }
                  >
                    Restore<span className="visually-hidden"> {entry.before?.name}</span>
                  </button>
                  {restore.error && restore.variables?.id === entry.id && (
                    <p className="form-error" role="alert">
                      Not restored: {restore.error.message}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </section>
  );
}
