import type { ChangeKind, ChangeReport, Level, Unit, UnitRef } from '../dataset/types.ts';
import type { Crosswalk } from './crosswalk.ts';

const KINDS: ChangeKind[] = ['added', 'removed', 'recoded', 'renamed', 'moved', 'reclassified'];

/**
 * The change report between two code lists paired by `crosswalk`. `withoutBoundary` is left empty: which
 * units end up with no polygon is known only after the geometry step, which fills it in.
 */
export function describeChanges(
  older: Unit[],
  newer: Unit[],
  walk: Crosswalk,
  vintages: { from: string; to: string },
): ChangeReport {
  const oldByCode = new Map(older.map((u) => [u.code, u]));
  const newByCode = new Map(newer.map((u) => [u.code, u]));
  const ref = (unit: Unit | undefined): UnitRef | null => (unit ? { code: unit.code, name: unit.name } : null);
  const report: ChangeReport = {
    ...vintages,
    counts: Object.fromEntries(KINDS.map((k) => [k, {}])) as ChangeReport['counts'],
    added: [],
    removed: [],
    recoded: [],
    renamed: [],
    moved: [],
    reclassified: [],
    withoutBoundary: [],
    incomeClass: [],
  };
  const count = (kind: ChangeKind, level: Level) => {
    report.counts[kind][level] = (report.counts[kind][level] ?? 0) + 1;
  };

  for (const unit of newer) {
    const parent = unit.parent ? newByCode.get(unit.parent) : undefined;
    const oldCode = walk.oldOf.get(unit.code);
    const old = oldCode ? oldByCode.get(oldCode) : undefined;
    if (!old) {
      report.added.push({ code: unit.code, name: unit.name, level: unit.level, parent: ref(parent) });
      count('added', unit.level);
      continue;
    }
    if (old.code !== unit.code) {
      report.recoded.push({
        from: old.code,
        to: unit.code,
        name: unit.name,
        level: unit.level,
        rule: walk.rule.get(unit.code)!,
      });
      count('recoded', unit.level);
    }
    if (old.name !== unit.name) {
      report.renamed.push({ code: unit.code, level: unit.level, from: old.name, to: unit.name });
      count('renamed', unit.level);
    }
    if (old.level !== unit.level) {
      report.reclassified.push({ code: unit.code, name: unit.name, from: old.level, to: unit.level });
      count('reclassified', unit.level);
    }
    if (old.incomeClass !== unit.incomeClass) {
      report.incomeClass!.push({
        code: unit.code,
        name: unit.name,
        level: unit.level,
        from: old.incomeClass,
        to: unit.incomeClass,
      });
    }
    // Moved: its parent is not the counterpart of its old parent (a parent that was only recoded is the same;
    // one that was removed, such as an NCR district, is not).
    const wasUnder = old.parent ? (walk.newOf.get(old.parent) ?? `removed ${old.parent}`) : null;
    if (wasUnder !== unit.parent) {
      report.moved.push({
        code: unit.code,
        name: unit.name,
        level: unit.level,
        from: ref(old.parent ? oldByCode.get(old.parent) : undefined),
        to: ref(parent),
      });
      count('moved', unit.level);
    }
  }
  for (const unit of older) {
    if (walk.newOf.has(unit.code)) continue;
    report.removed.push({
      code: unit.code,
      name: unit.name,
      level: unit.level,
      parent: ref(unit.parent ? oldByCode.get(unit.parent) : undefined),
    });
    count('removed', unit.level);
  }
  return report;
}
