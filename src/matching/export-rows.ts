import type { RowOutcome, SourceTable } from './types.ts';

/**
 * The columns an export adds after the file's own, in this order. `psgc_vintage` names the code list the place's
 * codes are of ("2Q 2025", as the service stamped it), so a file kept for years still says. `fixed` is
 * "yes" when a person chose the place (such a row's status reads "matched"), else empty; `reason` says why a row
 * is unmatched or ambiguous (an empty address and "asdf" read alike without it). Every column is always
 * written, so every export of every file has the same columns and a script that reads them need not check.
 */
export const ADDED_COLUMNS = [
  'psgc_code',
  'barangay',
  'barangay_code',
  'city_municipality',
  'city_municipality_code',
  'province',
  'province_code',
  'region',
  'region_code',
  'lat',
  'lng',
  'match_level',
  'confidence',
  'status',
  'psgc_vintage',
  'fixed',
  'reason',
] as const;

export type AddedColumn = (typeof ADDED_COLUMNS)[number];

/** A job as exported: the file as read, and each row's outcome (null: not matched yet). */
export interface MatchExport {
  table: SourceTable;
  results: readonly (RowOutcome | null)[];
}

const CLASH_SUFFIX = '_matched';

const headerKey = (name: string) => name.trim().toLowerCase();

/**
 * The added columns' names as written. One the file already uses (compared without case or surrounding spaces,
 * as a person reading the header would) becomes `<name>_matched`, again until it is free, so a file with its own
 * "region" column keeps it and gets ours beside it.
 */
export function addedHeader(original: readonly string[]): string[] {
  const taken = new Set(original.map(headerKey));
  return ADDED_COLUMNS.map((column) => {
    let name: string = column;
    while (taken.has(headerKey(name))) name += CLASH_SUFFIX;
    taken.add(headerKey(name));
    return name;
  });
}

/** The whole header of an export: the file's columns as written, then the added ones. */
export function exportHeader(table: Pick<SourceTable, 'header'>): string[] {
  return [...table.header, ...addedHeader(table.header)];
}

/**
 * A row's added cells as text, in ADDED_COLUMNS order. Not yet matched (null): all empty, status too. Unmatched:
 * all empty but status. Ambiguous: the best place, status "ambiguous". Fixed: the chosen place, status "matched".
 */
export function addedCells(outcome: RowOutcome | null): Record<AddedColumn, string> {
  const match = outcome?.match ?? null;
  return {
    psgc_code: match?.psgc_code ?? '',
    barangay: match?.barangay?.name ?? '',
    barangay_code: match?.barangay?.code ?? '',
    city_municipality: match?.city_municipality?.name ?? '',
    city_municipality_code: match?.city_municipality?.code ?? '',
    province: match?.province?.name ?? '',
    province_code: match?.province?.code ?? '',
    region: match?.region.name ?? '',
    region_code: match?.region.code ?? '',
    // Six decimals is about 0.1 m, finer than any point we hold (RFC 7946 §11.2 suggests the same).
    lat: match ? match.lat.toFixed(6) : '',
    lng: match ? match.lng.toFixed(6) : '',
    match_level: match?.level ?? '',
    confidence: match ? match.confidence.toFixed(2) : '',
    status: outcome ? (outcome.fixed ? 'matched' : outcome.status) : '',
    psgc_vintage: match?.psgc_vintage ?? '',
    fixed: outcome?.fixed ? 'yes' : '',
    // Why a person should look (unmatched: an empty address, no place named, an address abroad); none once fixed.
    reason: outcome && !outcome.fixed ? (outcome.reason ?? '') : '',
  };
}

/** One row as the export writers take it: its cells as text, and its outcome (GeoJSON places it by that). */
export interface OutRow {
  /** The file's cells, then the added ones (exportRows' order). */
  cells: string[];
  outcome: RowOutcome | null;
}

/** A row's cells as exported: the file's, then the added ones for its outcome. */
export function exportCells(row: readonly string[], outcome: RowOutcome | null): string[] {
  const added = addedCells(outcome);
  return [...row, ...ADDED_COLUMNS.map((column) => added[column])];
}

/** Every row of an export as text: the file's cells, then the added ones. */
export function exportRows(job: MatchExport): string[][] {
  return job.table.rows.map((row, i) => exportCells(row, job.results[i] ?? null));
}

/** Every row of an export as the writers take them. */
export function outRows(job: MatchExport): OutRow[] {
  return job.table.rows.map((row, i) => {
    const outcome = job.results[i] ?? null;
    return { cells: exportCells(row, outcome), outcome };
  });
}
