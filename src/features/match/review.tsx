import { type KeyboardEvent, type RefObject, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { addressOf } from '../../matching/columns.ts';
import type { ColumnMap } from '../../matching/types.ts';
import { ExportButtons } from './export-buttons.tsx';
import {
  addressesOf,
  cachedRow,
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
  useRowIndex,
  useRowsVersion,
  useSelectedRow,
} from './job-state.ts';
import { CHUNK_ROWS } from './job-store.ts';
import { findRows, type ReviewFilter, reviewRows, searchWords, statusText } from './review-rows.ts';
import { RowDetails } from './row-details.tsx';
import { placeLabel, pointStatus, type RowIndex } from './row-index.ts';
import './review.css';

/** The words being looked for, and the rows holding them once every chunk was read. */
interface Found {
  text: string;
  rows: Uint8Array | null;
  share: number;
}

/**
 * The rows whose address or place holds every word of the search, read from IndexedDB a chunk at a time once the
 * typing stops; a newer search or a fix starts it again.
 */
function useFoundRows(index: RowIndex | null, text: string, version: number): Found {
  const [found, setFound] = useState<Found>({ text: '', rows: null, share: 1 });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the index changes in place; `version` says when
  useEffect(() => {
    const words = searchWords(text);
    if (!index || !words.length) return setFound({ text, rows: null, share: 1 });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setFound((f) => ({ ...f, share: 0 }));
      findRows(index, words, CHUNK_ROWS, addressesOf, controller.signal, (share) =>
        setFound((f) => ({ ...f, share })),
      ).then(
        (rows) => setFound({ text, rows, share: 1 }),
        () => {},
      );
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [index, text, version]);
  return found;
}

/** The last step: what came out, the rows filtered and sorted, one row's details, the exports. */
export function Review() {
  const job = useJob();
  const index = useRowIndex();
  const version = useResultsVersion();
  const filter = useReviewFilter();
  const counts = useCountsShown();
  const selected = useSelectedRow();
  const [confirmClear, setConfirmClear] = useState(false);
  const found = useFoundRows(index, filter.text, version);
  const searching = searchWords(filter.text).length > 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the index changes in place; `version` says when
  const tally = useMemo(() => index?.counts() ?? null, [index, version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the index changes in place; `version` says when
  const rows = useMemo(
    () => (index ? reviewRows(index, filter, searching ? (found.rows ?? new Uint8Array(0)) : null) : []),
    [index, filter.status, filter.minConfidence, filter.maxConfidence, filter.sort, found.rows, searching, version],
  );
  if (!job || !index || !tally) return null;
  const change = (part: Partial<ReviewFilter>) => reviewFiltered({ ...filter, ...part });
  const total = index.rows;

  return (
    <div className="match-review">
      <p className="match-summary">
        <strong>{job.table.fileName}</strong>: {tally.matched.toLocaleString('en')} matched
        {tally.fixed > 0 && ` (${tally.fixed.toLocaleString('en')} fixed by hand)`},{' '}
        {tally.ambiguous.toLocaleString('en')} ambiguous, {tally.unmatched.toLocaleString('en')} unmatched of{' '}
        {total.toLocaleString('en')} rows.
      </p>
      {hasRowsLeft(index) && (
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
        {searching && found.share < 1 && (
          <span className="match-hint" role="status">
            Finding rows… {Math.round(found.share * 100)}%
          </span>
        )}
      </fieldset>
      <RowList rows={rows} columns={job.columns} index={index} selected={selected} version={version} />
      {selected !== null && selected < total && <RowDetails row={selected} />}
      <label className="match-counts">
        On the map
        <select value={counts} onChange={(e) => countsShown(e.currentTarget.value as 'none' | 'province' | 'town')}>
          <option value="none">The rows as points</option>
          <option value="province">Rows per province</option>
          <option value="town">Rows per city or municipality</option>
        </select>
      </label>
      <ExportButtons job={job} disabled={hasRowsLeft(index)} />
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
 * The tallest the list's inner box is made, in CSS pixels: Chrome draws nothing of an element taller than about
 * 33.5 million, and a million rows of ROW_HEIGHT are 56 million. A longer list scrolls through its rows in
 * proportion: the scrollbar's position is the share of the rows above.
 */
const MAX_HEIGHT = 8_000_000;
const OVERSCAN = 8;

/** A scroll position in a range of `from` pixels as the same share of a range of `to` (the same when equal). */
const rescale = (position: number, from: number, to: number) =>
  from === to || from <= 0 ? position : (position / from) * Math.max(0, to);

/**
 * The rows in view of a list of `count` rows of ROW_HEIGHT in `scroller`, where each is drawn, and a way to
 * scroll one into view. Rows are placed from the scroll position, so a list of any length costs what is on screen
 * (a virtualizer that measures each row would make a million objects first).
 */
function useRowWindow(count: number, scroller: RefObject<HTMLDivElement | null>) {
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(400);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => setScrollTop(element.scrollTop);
    const resized = new ResizeObserver(() => setHeight(element.clientHeight));
    element.addEventListener('scroll', onScroll, { passive: true });
    resized.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, [scroller]);
  const natural = count * ROW_HEIGHT;
  const total = Math.min(natural, MAX_HEIGHT);
  const offset = rescale(scrollTop, total - height, natural - height);
  const first = Math.max(0, Math.floor(offset / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(count, Math.ceil((offset + height) / ROW_HEIGHT) + OVERSCAN);
  const items = Array.from({ length: Math.max(0, last - first) }, (_, i) => ({
    index: first + i,
    top: scrollTop + (first + i) * ROW_HEIGHT - offset,
  }));
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scroller.current;
      if (!element) return;
      const at = index * ROW_HEIGHT;
      const now = rescale(element.scrollTop, total - height, natural - height);
      const to = at < now ? at : at + ROW_HEIGHT > now + height ? at + ROW_HEIGHT - height : null;
      if (to !== null) element.scrollTop = rescale(to, natural - height, total - height);
    },
    [scroller, height, natural, total],
  );
  return { total, items, scrollToIndex };
}

/**
 * The rows, virtualized (only those in view are in the page): a listbox the arrow keys move through, Home and
 * End jump, and a click or Enter opens the row on the map.
 */
function RowList({
  rows,
  columns,
  index,
  selected,
  version,
}: {
  rows: number[];
  columns: ColumnMap | null;
  index: RowIndex;
  selected: number | null;
  version: number;
}) {
  // Redrawn when a chunk of rows on screen arrives from IndexedDB.
  useRowsVersion();
  const address = (row: number) => {
    const cells = cachedRow(row);
    return cells === undefined ? undefined : columns ? addressOf(cells, columns) : '';
  };
  const scroller = useRef<HTMLDivElement>(null);
  const id = useId();
  const virtual = useRowWindow(rows.length, scroller);
  const position = selected === null ? -1 : rows.indexOf(selected);
  // The selected row is scrolled into view when it changes (a click on the map picks it).
  useEffect(() => {
    if (position >= 0) virtual.scrollToIndex(position);
  }, [position, virtual.scrollToIndex]);

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
        <div style={{ height: virtual.total, position: 'relative' }}>
          {virtual.items.map((item) => {
            const row = rows[item.index];
            const text = address(row);
            const place = index.placeOf(row);
            return (
              <div
                key={row}
                id={`${id}-${row}`}
                role="option"
                aria-selected={row === selected}
                aria-setsize={rows.length}
                aria-posinset={item.index + 1}
                className="match-row"
                data-status={pointStatus(index, row)}
                style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.top}px)` }}
                tabIndex={-1}
                onClick={() => rowSelected(row)}
                onKeyDown={undefined}
              >
                <span className="match-row-number">{row + 1}</span>
                <span className="match-row-address">{text === undefined ? '…' : text || '(empty)'}</span>
                <span className="match-row-status">
                  {statusText(index, row)}
                  {place && !index.isFixed(row) && ` · ${Math.round(index.confidence[row] * 100)}%`}
                </span>
                <span className="match-row-place">{placeLabel(place)}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
