import type { MatchStatus, ResolvedPlace } from '../../contract/types.ts';
import type { RowOutcome } from '../../matching/types.ts';

/**
 * What the page keeps of every row's outcome: its status, its confidence and its place, in typed arrays (13
 * bytes a row: 13 MB for a million rows), with each place once. The outcomes themselves (candidates, notes)
 * stay in IndexedDB (job-store.ts) and are read a chunk at a time when a row is opened or exported. This is what
 * the review filters, sorts and counts, and what the map draws.
 */

/** A row's status as stored: 0 until its batch is back. */
export const PENDING = 0;
const CODE: Record<MatchStatus, number> = { matched: 1, ambiguous: 2, unmatched: 3 };
export const STATUS_OF_CODE = [null, 'matched', 'ambiguous', 'unmatched'] as const;
/** Added to the status of a row a person fixed (always `matched`). */
export const FIXED = 4;

export interface Counts {
  matched: number;
  ambiguous: number;
  unmatched: number;
  fixed: number;
  pending: number;
}

/** A place as the index keeps it: the answer's place without what belongs to one row (confidence, note). */
export type IndexedPlace = Omit<ResolvedPlace, 'confidence' | 'note'>;

export class RowIndex {
  /** STATUS code, plus FIXED for a row a person fixed. */
  readonly status: Uint8Array;
  readonly confidence: Float64Array;
  /** Index into `places`, or -1: no place. */
  readonly place: Int32Array;
  readonly places: IndexedPlace[] = [];
  private readonly placeIds = new Map<string, number>();
  private tally: Counts;

  constructor(readonly rows: number) {
    this.status = new Uint8Array(rows);
    this.confidence = new Float64Array(rows);
    this.place = new Int32Array(rows).fill(-1);
    this.tally = { matched: 0, ambiguous: 0, unmatched: 0, fixed: 0, pending: rows };
  }

  /** Row `row`'s outcome, replacing what was there. */
  set(row: number, outcome: RowOutcome | null): void {
    this.count(this.status[row], -1);
    if (!outcome) {
      this.status[row] = PENDING;
      this.confidence[row] = 0;
      this.place[row] = -1;
    } else {
      this.status[row] = outcome.fixed ? CODE.matched + FIXED : CODE[outcome.status];
      this.confidence[row] = outcome.fixed ? 1 : (outcome.match?.confidence ?? 0);
      this.place[row] = outcome.match ? this.placeId(outcome.match) : -1;
    }
    this.count(this.status[row], 1);
  }

  /** A chunk's outcomes, from row `start` on. */
  setAll(start: number, outcomes: readonly (RowOutcome | null)[]): void {
    for (let i = 0; i < outcomes.length && start + i < this.rows; i++) this.set(start + i, outcomes[i]);
  }

  counts(): Counts {
    return { ...this.tally };
  }

  isDone(row: number): boolean {
    return this.status[row] !== PENDING;
  }

  isFixed(row: number): boolean {
    return this.status[row] >= FIXED;
  }

  statusOf(row: number): MatchStatus | null {
    return STATUS_OF_CODE[this.status[row] % FIXED];
  }

  placeOf(row: number): IndexedPlace | null {
    const id = this.place[row];
    return id < 0 ? null : this.places[id];
  }

  private count(code: number, by: number) {
    if (code === PENDING) this.tally.pending += by;
    else {
      this.tally[STATUS_OF_CODE[code % FIXED]!] += by;
      if (code >= FIXED) this.tally.fixed += by;
    }
  }

  private placeId(p: ResolvedPlace): number {
    const key = `${p.psgc_code}\u0000${p.lng}\u0000${p.lat}\u0000${p.level}\u0000${p.name}`;
    let id = this.placeIds.get(key);
    if (id === undefined) {
      id = this.places.length;
      const { confidence: _c, note: _n, ...place } = p;
      this.places.push(place);
      this.placeIds.set(key, id);
    }
    return id;
  }
}

/** The place's names, largest last, as the review shows them: "Lahug · City of Cebu · Cebu". */
export function placeLabel(m: IndexedPlace | null | undefined): string {
  if (!m) return '';
  return [
    m.barangay?.name,
    m.city_municipality?.name,
    m.province?.name ?? (m.barangay || m.city_municipality ? null : m.region.name),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The colour class a point is drawn in: 'fixed', or its status. */
export const pointStatus = (index: RowIndex, row: number) =>
  index.isFixed(row) ? 'fixed' : (index.statusOf(row) ?? 'pending');

/** Rows at one place with one status: one point on the map, named by its first row. */
export interface PointGroup {
  firstRow: number;
  rows: number;
  place: IndexedPlace;
  status: 'matched' | 'ambiguous' | 'fixed';
}

/**
 * The rows with a place, one group per place and status: what the map draws. A file of a million rows names a
 * few tens of thousands of places at most, so the map holds as many points, not a million.
 */
export function pointGroups(index: RowIndex): { groups: PointGroup[]; groupOf: (row: number) => number } {
  const groups: PointGroup[] = [];
  const byKey = new Map<number, number>();
  const classOf = (row: number) => (index.isFixed(row) ? 2 : index.statusOf(row) === 'ambiguous' ? 1 : 0);
  for (let row = 0; row < index.rows; row++) {
    const place = index.place[row];
    if (place < 0) continue;
    const key = place * 3 + classOf(row);
    const known = byKey.get(key);
    if (known !== undefined) groups[known].rows++;
    else {
      byKey.set(key, groups.length);
      groups.push({
        firstRow: row,
        rows: 1,
        place: index.places[place],
        status: (['matched', 'ambiguous', 'fixed'] as const)[classOf(row)],
      });
    }
  }
  const groupOf = (row: number) => {
    const place = index.place[row];
    return place < 0 ? -1 : (byKey.get(place * 3 + classOf(row)) ?? -1);
  };
  return { groups, groupOf };
}
