import type { PlaceLevel } from '../../ui/place-figures.ts';
import { placeLevelOf } from './code-book.ts';
import type { RowJoin } from './join.ts';

/** Rows are counted from 1 after the header, as a spreadsheet shows them less one. */
export interface JoinReport {
  rows: number;
  /** The level most rows are places of: the table's level, drawn on the map; null when no row joined. */
  level: PlaceLevel | null;
  /** Each place of the table's level, by code, with the row its figures come from (the first row for it). */
  rowOf: Map<string, number>;
  notJoined: { row: number; reason: string }[];
  /** A row for a place an earlier row is for: not drawn (the earlier row's figures are). */
  duplicates: { row: number; first: number; code: string }[];
  /** A row for a place of another level than the table's: not drawn. */
  otherLevel: { row: number; code: string; level: PlaceLevel; name?: string }[];
  /** Rows joined through an older list's code, with what the crosswalk said. */
  recoded: { row: number; note: string }[];
}

export const LEVEL_NAMES: Record<PlaceLevel, { one: string; many: string }> = {
  region: { one: 'region', many: 'regions' },
  province: { one: 'province', many: 'provinces (and cities that stand apart)' },
  town: { one: 'city or municipality', many: 'cities and municipalities' },
  barangay: { one: 'barangay', many: 'barangays' },
};

/**
 * What the join came to, before anything is drawn: every row is in exactly one of `rowOf` (joined), `notJoined`,
 * `duplicates` and `otherLevel`, so the counts add up to the rows. The table's level is the one most joined
 * rows are of; a city that stands apart from a province (a highly urbanized city) counts as a province in a
 * table of provinces and as a city in a table of towns, as PSA's tables list them.
 */
export function reportOf(joins: readonly RowJoin[]): JoinReport {
  const counts: Record<PlaceLevel, number> = { region: 0, province: 0, town: 0, barangay: 0 };
  for (const join of joins) {
    if (join.kind !== 'joined') continue;
    const level = placeLevelOf(join.unit);
    counts[level]++;
    if (level === 'town' && join.unit.area) counts.province++;
  }
  const ranked = (Object.keys(counts) as PlaceLevel[])
    .filter((l) => counts[l] > 0)
    .sort((a, b) => counts[b] - counts[a]);
  const level = ranked[0] ?? null;
  const report: JoinReport = {
    rows: joins.length,
    level,
    rowOf: new Map(),
    notJoined: [],
    duplicates: [],
    otherLevel: [],
    recoded: [],
  };
  joins.forEach((join, row) => {
    if (join.kind === 'missing') {
      report.notJoined.push({ row, reason: join.reason });
      return;
    }
    const { code } = join.unit;
    const its = placeLevelOf(join.unit, level ?? undefined);
    if (its !== level) report.otherLevel.push({ row, code, level: its, ...(join.name && { name: join.name }) });
    else if (report.rowOf.has(code)) report.duplicates.push({ row, first: report.rowOf.get(code)!, code });
    else {
      report.rowOf.set(code, row);
      if (join.note) report.recoded.push({ row, note: join.note });
    }
  });
  return report;
}
