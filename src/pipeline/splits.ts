import { foldCaseSpacesAndMarks } from '../contract/names.ts';
import type { SplitBarangay, Unit } from '../dataset/types.ts';
import { type Crosswalk, crosswalk } from './crosswalk.ts';

/** A split as found between two lists, before its territory is known. */
export type FoundSplit = Omit<SplitBarangay, 'vintages' | 'since' | 'point' | 'geometry'>;

/**
 * Whether `part` names a part of `old`: its name is the old name followed by a separator and a suffix ("Barangay
 * 176" → "Barangay 176-A", "Barangay 176 A", "Barangay 176-A (Bagong Silang)"), or the list gives the old name as
 * one of its old names.
 */
function isPartName(old: Unit, part: Unit): boolean {
  const stem = foldCaseSpacesAndMarks(old.name);
  const name = foldCaseSpacesAndMarks(part.name);
  if (name.length > stem.length && name.startsWith(stem) && /^[\s\-–(]+\S/.test(name.slice(stem.length))) return true;
  return part.oldNames.some((n) => foldCaseSpacesAndMarks(n) === stem);
}

/**
 * The barangays of `older` split in `newer`: a barangay the crosswalk pairs with nothing (removed), whose town is
 * in the newer list, and at least two barangays new in that town (paired with nothing) whose names carry its name
 * (isPartName). One such barangay would be a rename the crosswalk missed, not a split, and is left out; a new
 * barangay that two removed ones could claim is claimed by neither, as the crosswalk pairs nothing it must guess.
 */
export function findSplits(older: Unit[], newer: Unit[], walk: Crosswalk = crosswalk(older, newer)): FoundSplit[] {
  const newByCode = new Map(newer.map((u) => [u.code, u]));
  const addedByParent = new Map<string, Unit[]>();
  for (const unit of newer) {
    if (unit.level !== 'Bgy' || walk.oldOf.has(unit.code) || !unit.parent) continue;
    addedByParent.set(unit.parent, [...(addedByParent.get(unit.parent) ?? []), unit]);
  }
  const found: FoundSplit[] = [];
  const claims = new Map<string, number>();
  for (const old of older) {
    if (old.level !== 'Bgy' || walk.newOf.has(old.code) || !old.parent) continue;
    const parent = walk.newOf.get(old.parent);
    if (!parent) continue;
    const parts = (addedByParent.get(parent) ?? []).filter((u) => isPartName(old, u));
    if (parts.length < 2) continue;
    for (const p of parts) claims.set(p.code, (claims.get(p.code) ?? 0) + 1);
    // The town: the parent itself, or the town above a sub-municipality (Manila's districts).
    let town = newByCode.get(parent);
    while (town && town.level === 'SubMun' && town.parent) town = newByCode.get(town.parent);
    found.push({
      code: old.code,
      name: old.name,
      town: town?.code ?? parent,
      townName: town?.name ?? '',
      parts: parts.sort((a, b) => a.code.localeCompare(b.code)).map((u) => ({ code: u.code, name: u.name })),
      population: old.census[2020] ?? null,
    });
  }
  return found.filter((s) => s.parts.every((p) => claims.get(p.code) === 1));
}

/**
 * The splits from every older list to the built one, each old code once with the lists that had it (as
 * old-codes.json), and the first list its parts appear in. `territory` gives the old barangay's point and polygon
 * from the boundaries, when they have it.
 */
export function splitsSince(
  older: { vintage: string; units: Unit[] }[],
  units: Unit[],
  firstIn: (code: string) => string,
  territory: (code: string, vintage: string) => Pick<SplitBarangay, 'point' | 'geometry'>,
): SplitBarangay[] {
  const out = new Map<string, SplitBarangay>();
  for (const list of older) {
    for (const split of findSplits(list.units, units)) {
      const known = out.get(split.code);
      if (known) {
        known.vintages.push(list.vintage);
        continue;
      }
      // The parts of one split come in one list.
      const since = firstIn(split.parts[0].code);
      out.set(split.code, { ...split, vintages: [list.vintage], since, ...territory(split.code, list.vintage) });
    }
  }
  return [...out.values()].sort((a, b) => a.code.localeCompare(b.code));
}
