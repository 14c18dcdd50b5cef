import type { BatchGeocodeResult } from '../contract/types.ts';

/** A file read into rows of text: what the user chose, before any matching. */
export interface SourceTable {
  fileName: string;
  format: 'csv' | 'tsv' | 'xlsx';
  /** How the text was decoded (null for XLSX, whose cells are Unicode already). */
  encoding: 'utf-8' | 'windows-1252' | null;
  /** The field separator found (null for XLSX). */
  delimiter: string | null;
  /** The header row's cells, as written (blank ones named "Column N"). */
  header: string[];
  /** Every row after the header, each as long as the header (short rows padded with ""). */
  rows: string[][];
  /** Whether the first row was read as a header; when false, the columns are named "Column 1".."Column N". */
  headerDetected?: boolean;
}

/** A file as read, without its rows: what a job keeps in memory while the rows stay on disk. */
export type TableInfo = Omit<SourceTable, 'rows'> & {
  /** Rows after the header. */
  rowCount: number;
};

/** What a column holds, as the user says (or the header suggests). */
export type ColumnRole = 'address' | 'barangay' | 'town' | 'province' | 'region' | 'zip';

/**
 * Which column holds what, by index into the header. Either one free-text `address` column, or several parts
 * (barangay, town, province, region, zip); `address` may be set with parts, and then comes first.
 */
export type ColumnMap = Partial<Record<ColumnRole, number>>;

/** One row's outcome: the service's answer, or a person's fix of it. */
export interface RowOutcome extends BatchGeocodeResult {
  /** Set when a person chose the place (from the candidates or a search): the row counts as matched. */
  fixed?: boolean;
}
