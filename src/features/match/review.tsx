import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { addressOf } from '../../matching/columns.ts';
import type { RowOutcome } from '../../matching/types.ts';
import { ExportButtons } from './export-buttons.tsx';
import {
  countsShown,
  hasRowsLeft,
  jobCleared,
  matchingStarted,
  reviewFiltered,
  rowSelected,
  useCountsShown,
  useJob,
  useResultsVersion,
  useReviewFilter,
  useSelectedRow,
} from './job-state.ts';
import { countStatuses, placeLabel, type ReviewFilter, reviewRows, statusText } from './review-rows.ts';
import { RowDetails } from './row-details.tsx';

/** The last step: what came out, the rows filtered and sorted, one row's details, the exports. */
export function Review() {
  const job = useJob();
  const version = useResultsVersion();
  const filter = useReviewFilter();
  const counts = useCountsShown();
  const selected = useSelectedRow();
  const [confirmClear, setConfirmClear] = useState(false);
  // Each row's text when asked for: only the rows in view, or every row once there are words to find, then kept
  // (each keystroke of a search would otherwise build 100,000 addresses again).
  const address = useMemo(() => {
    const known = new Map<number, string>();
    return (row: number) => {
      let text = known.get(row);
      if (text === undefined) {
        text = job?.columns ? addressOf(job.table.rows[row], job.columns) : '';
        known.set(row, text);
      }
      return text;
    };
  }, [job]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: results change in place; `version` says when
  const tally = useMemo(() => (job ? countStatuses(job.results) : null), [job, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: results change in place; `version` says when
  const rows = useMemo(() => (job ? reviewRows(job.results, address, filter) : []), [job, address, filter, version]);
  if (!job || !tally) return null;
  const change = (part: Partial<ReviewFilter>) => reviewFiltered({ ...filter, ...part });
  const total = job.results.length;

  return (
    <div className="match-review">
      <p className="match-summary">
        <strong>{job.table.fileName}</strong>: {tally.matched.toLocaleString('en')} matched
        {tally.fixed > 0 && ` (${tally.fixed.toLocaleString('en')} fixed by hand)`},{' '}
        {tally.ambiguous.toLocaleString('en')} ambiguous, {tally.unmatched.toLocaleString('en')} unmatched of{' '}
        {total.toLocaleString('en')} rows.
      </p>
      {hasRowsLeft(job) && (
        <p className="match-left">
          {tally.pending.toLocaleString('en')} rows are not matched yet.{' '}
          <button type="button" onClick={() => void matchingStarted()}>
            Resume matching
          </button>
        </p>
      )}
      <fieldset className="match-filters">
        <legend>Show</legend>
        <label>
          Status
          <select
            value={filter.status}
            onChange={(e) => change({ status: e.currentTarget.value as ReviewFilter['status'] })}
          >
            <option value="all">All ({total.toLocaleString('en')})</option>
            <option value="matched">Matched ({tally.matched.toLocaleString('en')})</option>
            <option value="ambiguous">Ambiguous ({tally.ambiguous.toLocaleString('en')})</option>
            <option value="unmatched">Unmatched ({tally.unmatched.toLocaleString('en')})</option>
            <option value="fixed">Fixed by hand ({tally.fixed.toLocaleString('en')})</option>
          </select>
        </label>
        <label>
          Confidence
          <select
            value={`${filter.minConfidence}-${filter.maxConfidence}`}
            onChange={(e) => {
              const [minConfidence, maxConfidence] = e.currentTarget.value.split('-').map(Number);
              change({ minConfidence, maxConfidence });
            }}
          >
            <option value="0-1">Any</option>
            <option value="0-0.5">Below 50%</option>
            <option value="0.5-0.8">50% to 80%</option>
            <option value="0.8-1">80% and above</option>
          </select>
        </label>
        <label>
          Sort
          <select value={filter.sort} onChange={(e) => change({ sort: e.currentTarget.value as ReviewFilter['sort'] })}>
            <option value="row">File order</option>
            <option value="confidence">Least sure first</option>
            <option value="place">By place</option>
          </select>
        </label>
        <label className="match-search">
          Find rows
          <input type="search" value={filter.text} onChange={(e) => change({ text: e.currentTarget.value })} />
        </label>
      </fieldset>
      <RowList rows={rows} address={address} results={job.results} selected={selected} version={version} />
      {selected !== null && selected < total && <RowDetails row={selected} address={address(selected)} />}
      <label className="match-counts">
        On the map
        <select value={counts} onChange={(e) => countsShown(e.currentTarget.value as 'none' | 'province' | 'town')}>
          <option value="none">The rows as points</option>
          <option value="province">Rows per province</option>
          <option value="town">Rows per city or municipality</option>
        </select>
      </label>
      <ExportButtons job={job} disabled={hasRowsLeft(job)} />
      <div className="match-actions">
        {confirmClear ? (
          <>
            <span>Delete this file, its results and fixes from this browser?</span>
            <button type="button" onClick={() => void jobCleared()}>
              Delete the job
            </button>
            <button type="button" onClick={() => setConfirmClear(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirmClear(true)}>
            Clear this job…
          </button>
        )}
      </div>
    </div>
  );
}

const ROW_HEIGHT = 56;

/**
 * The rows, virtualized (only those in view are in the page): a listbox the arrow keys move through, Home and
 * End jump, and a click or Enter opens the row on the map.
 */
function RowList({
  rows,
  address,
  results,
  selected,
  version,
}: {
  rows: number[];
  address: (row: number) => string;
  results: (RowOutcome | null)[];
  selected: number | null;
  version: number;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const id = useId();
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const position = selected === null ? -1 : rows.indexOf(selected);
  // The selected row is scrolled into view when it changes (a click on the map picks it).
  useEffect(() => {
    if (position >= 0) virtual.scrollToIndex(position, { align: 'auto' });
  }, [position, virtual]);

  const move = (event: KeyboardEvent) => {
    const to = {
      ArrowDown: Math.min(rows.length - 1, position + 1),
      ArrowUp: Math.max(0, position - 1),
      Home: 0,
      End: rows.length - 1,
      PageDown: Math.min(rows.length - 1, position + 10),
      PageUp: Math.max(0, position - 10),
    }[event.key];
    if (to === undefined || !rows.length) return;
    event.preventDefault();
    rowSelected(rows[to]);
  };

  return (
    <div className="match-table">
      <div className="match-row match-row-head" aria-hidden="true">
        <span>Row</span>
        <span>Address</span>
        <span>Status</span>
        <span>Place</span>
      </div>
      <div
        ref={scroller}
        className="match-rows"
        role="listbox"
        aria-label={`Rows (${rows.length.toLocaleString('en')} shown)`}
        aria-activedescendant={position >= 0 ? `${id}-${selected}` : undefined}
        tabIndex={0}
        onKeyDown={move}
        data-version={version}
      >
        {rows.length === 0 && <p className="match-hint">No row fits the filters.</p>}
        <div style={{ height: virtual.getTotalSize(), position: 'relative' }}>
          {virtual.getVirtualItems().map((item) => {
            const row = rows[item.index];
            const r = results[row];
            return (
              <div
                key={row}
                id={`${id}-${row}`}
                role="option"
                aria-selected={row === selected}
                aria-setsize={rows.length}
                aria-posinset={item.index + 1}
                className="match-row"
                data-status={r?.fixed ? 'fixed' : (r?.status ?? 'pending')}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
                tabIndex={-1}
                onClick={() => rowSelected(row)}
                onKeyDown={undefined}
              >
                <span className="match-row-number">{row + 1}</span>
                <span className="match-row-address">{address(row) || '(empty)'}</span>
                <span className="match-row-status">
                  {statusText(r)}
                  {r?.match && !r.fixed && ` · ${Math.round(r.match.confidence * 100)}%`}
                </span>
                <span className="match-row-place">{placeLabel(r)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
