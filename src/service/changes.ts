import type { UnitChange } from '../contract/types.ts';
import type { ChangeReport } from '../dataset/types.ts';

/** What the change report says of each unit of the newer list, by code (a unit may have several changes). */
export interface UnitChanges {
  /** The older code list the changes are from (4Q 2023). */
  since: string;
  byUnit: Map<string, UnitChange[]>;
}

/**
 * The change report (changes.json, written by the pipeline: src/pipeline/changes.ts) turned around, unit by
 * unit, for the facts of a place: new in this list, recoded, renamed, moved to another parent, of another level,
 * or without a boundary yet. Removed units are not in the newer list, so no record carries them.
 */
export function changesByUnit(report: ChangeReport): UnitChanges {
  const byUnit = new Map<string, UnitChange[]>();
  const add = (code: string, change: UnitChange) => {
    const list = byUnit.get(code);
    if (list) list.push(change);
    else byUnit.set(code, [change]);
  };
  for (const u of report.added) add(u.code, { kind: 'added' });
  for (const u of report.recoded) add(u.to, { kind: 'recoded', from: u.from });
  for (const u of report.renamed) add(u.code, { kind: 'renamed', from: u.from });
  for (const u of report.moved) add(u.code, { kind: 'moved', from: u.from?.name, to: u.to?.name });
  for (const u of report.reclassified) add(u.code, { kind: 'reclassified', from: u.from, to: u.to });
  for (const u of report.withoutBoundary) add(u.code, { kind: 'no_boundary', note: u.reason });
  return { since: report.from, byUnit };
}

/** A unit's changes as a record's extension, or nothing when the report says nothing of it. */
export function changesField(changes: UnitChanges | undefined, code: string) {
  const items = changes?.byUnit.get(code);
  return changes && items ? { changes: { since: changes.since, items } } : {};
}
