import { foldCaseSpacesAndMarks } from '../contract/names.ts';
import type { Level, Unit } from '../dataset/types.ts';

/** How a unit of the newer list was found in the older one. */
export type MatchRule =
  /** Same 10-digit code. */
  | 'code'
  /** Its parent was recoded (moved to a new region): the same name among the old parent's children. */
  | 'name-in-recoded-parent'
  /** Its parent was recoded and it was renamed: the same correspondence code among the old parent's children. */
  | 'correspondence-in-recoded-parent'
  /** Same 9-digit correspondence code and name, for a unit whose parent is new or unchanged. */
  | 'correspondence';

/** The older and newer list's units, paired: every pair is one place, whatever its codes. */
export interface Crosswalk {
  /** New code → old code. */
  oldOf: Map<string, string>;
  /** Old code → new code. */
  newOf: Map<string, string>;
  /** New code → how it was paired. */
  rule: Map<string, MatchRule>;
}

const TOWN_LEVELS: Level[] = ['City', 'Mun', 'SGU'];
/** A city, municipality or SGU may change level between vintages (the SGA's clusters became municipalities). */
const sameKind = (a: Level, b: Level) => a === b || (TOWN_LEVELS.includes(a) && TOWN_LEVELS.includes(b));

function depths(units: Unit[]): Map<string, number> {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const depth = new Map<string, number>();
  const of = (unit: Unit): number => {
    const known = depth.get(unit.code);
    if (known !== undefined) return known;
    const parent = unit.parent ? byCode.get(unit.parent) : undefined;
    const d = parent ? of(parent) + 1 : 0;
    depth.set(unit.code, d);
    return d;
  };
  for (const unit of units) of(unit);
  return depth;
}

/**
 * Pairs the units of a newer code list with those of an older one, parents before children:
 *
 * 1. the same code: PSGC codes are stable, so a code in both lists is one place (perhaps renamed or
 *    reclassified);
 * 2. a unit whose parent was paired under another code (Negros Occidental 0604500000 → 1804500000): the
 *    old parent's child with the same name whose code is gone from the newer list, or failing that (it was
 *    renamed as well: Anahawan → Anhawan in Dauin) the one with the same correspondence code;
 * 3. any other unit: the old unit gone from the newer list with the same correspondence code and name (the
 *    provinces and Bacolod under the new Negros Island Region, barangays moved to another town).
 *
 * A unit paired by none of these is new; an old unit left unpaired was removed. A name or correspondence code
 * shared by several candidates pairs nothing rather than guess.
 */
export function crosswalk(older: Unit[], newer: Unit[]): Crosswalk {
  const oldByCode = new Map(older.map((u) => [u.code, u]));
  const newCodes = new Set(newer.map((u) => u.code));
  const oldOf = new Map<string, string>();
  const newOf = new Map<string, string>();
  const rule = new Map<string, MatchRule>();
  const pair = (next: string, old: string, how: MatchRule) => {
    oldOf.set(next, old);
    newOf.set(old, next);
    rule.set(next, how);
  };

  // Old units whose code the newer list no longer has: the only candidates for rules 2 and 3.
  const gone = older.filter((u) => !newCodes.has(u.code));
  const goneByParent = new Map<string, Unit[]>();
  const goneByCorrespondence = new Map<string, Unit[]>();
  for (const unit of gone) {
    if (unit.parent) goneByParent.set(unit.parent, [...(goneByParent.get(unit.parent) ?? []), unit]);
    if (unit.correspondence) {
      goneByCorrespondence.set(unit.correspondence, [...(goneByCorrespondence.get(unit.correspondence) ?? []), unit]);
    }
  }
  const only = (candidates: Unit[] | undefined, unit: Unit, same: (old: Unit) => boolean) => {
    const found = (candidates ?? []).filter((o) => !newOf.has(o.code) && sameKind(o.level, unit.level) && same(o));
    return found.length === 1 ? found[0] : undefined;
  };

  const depth = depths(newer);
  const ordered = [...newer].sort((a, b) => depth.get(a.code)! - depth.get(b.code)! || a.code.localeCompare(b.code));
  for (const unit of ordered) {
    if (oldByCode.has(unit.code)) {
      pair(unit.code, unit.code, 'code');
      continue;
    }
    const sameName = (o: Unit) => foldCaseSpacesAndMarks(o.name) === foldCaseSpacesAndMarks(unit.name);
    const sameCorrespondence = (o: Unit) => unit.correspondence !== null && o.correspondence === unit.correspondence;
    const oldParent = unit.parent ? oldOf.get(unit.parent) : undefined;
    const siblings = oldParent && oldParent !== unit.parent ? goneByParent.get(oldParent) : undefined;
    const byName = only(siblings, unit, sameName);
    if (byName) {
      pair(unit.code, byName.code, 'name-in-recoded-parent');
      continue;
    }
    const renamed = only(siblings, unit, sameCorrespondence);
    if (renamed) {
      pair(unit.code, renamed.code, 'correspondence-in-recoded-parent');
      continue;
    }
    const elsewhere = unit.correspondence ? goneByCorrespondence.get(unit.correspondence) : undefined;
    const moved = only(elsewhere, unit, sameName);
    if (moved) pair(unit.code, moved.code, 'correspondence');
  }
  return { oldOf, newOf, rule };
}

/** The identity crosswalk, for a build whose code list is the boundaries' own. */
export function sameList(units: Unit[]): Crosswalk {
  const codes = units.map((u) => u.code);
  return {
    oldOf: new Map(codes.map((c) => [c, c])),
    newOf: new Map(codes.map((c) => [c, c])),
    rule: new Map(codes.map((c) => [c, 'code'])),
  };
}
