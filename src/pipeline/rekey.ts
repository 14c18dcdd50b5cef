import type { Unit } from '../dataset/types.ts';
import type { BoundaryIndex } from './boundaries.ts';
import type { Crosswalk } from './crosswalk.ts';
import type { Shape, SimplifiedBarangays } from './geometry.ts';
import { municityFinder } from './hierarchy.ts';

/**
 * Moves the barangay polygons, read under the boundaries' codes, to the codes of the list being built: each
 * polygon goes to the barangay that took its place (crosswalk.ts), so dissolving on the newer parents draws the
 * newer towns, provinces and regions (the Negros Island Region, the SGA's municipalities). A barangay of the
 * older list that has no counterpart (Caloocan's Barangay 176, split in six) keeps its polygon as an area of its
 * town that is not a barangay, like Manila North Cemetery, so the town's outline has no hole. A barangay of the
 * newer list with no counterpart has no polygon, and says why.
 */
export function rekeyBoundaries(
  read: BoundaryIndex,
  older: Unit[],
  newer: Unit[],
  walk: Crosswalk,
  /**
   * `firstIn`: the list a unit new since the boundaries first appeared in (older-lists.ts); `to` by default.
   * `partOf`: the barangay of the boundaries' list a new one was split from (splits.ts), by the new one's code.
   */
  vintages: {
    from: string;
    to: string;
    firstIn?: (code: string) => string;
    partOf?: Map<string, { code: string; name: string }>;
  },
): BoundaryIndex & { asUnassigned: Map<string, string> } {
  const oldByCode = new Map(older.map((u) => [u.code, u]));
  const oldMunicityOf = municityFinder(oldByCode);
  const codes: string[] = [];
  const unassigned: BoundaryIndex['unassigned'] = [];
  const asUnassigned = new Map<string, string>();
  const unmatched = [...read.unmatched];

  for (const oldCode of read.codes) {
    const code = walk.newOf.get(oldCode);
    if (code) {
      codes.push(code);
      continue;
    }
    const old = oldByCode.get(oldCode)!;
    const municity = walk.newOf.get(oldMunicityOf(old.code));
    if (!municity) {
      unmatched.push(`${old.code} ${old.name}: neither it nor its town is in ${vintages.to}; its polygon is dropped`);
      continue;
    }
    const name = `${old.name} (${old.code}, ${vintages.from})`;
    asUnassigned.set(old.code, name);
    unassigned.push({ name, municity });
    unmatched.push(`${old.code} ${old.name} is not in ${vintages.to}: its polygon stays in ${municity}'s outline`);
  }
  for (const area of read.unassigned) {
    const municity = walk.newOf.get(area.municity);
    if (municity) unassigned.push({ name: area.name, municity });
    else unmatched.push(`${area.name}: its town ${area.municity} is not in ${vintages.to}; dropped`);
  }

  const oldReason = new Map(read.missing.map((m) => [m.code, m.reason]));
  const drawn = new Set(codes);
  const missing: BoundaryIndex['missing'] = [];
  for (const unit of newer) {
    if (unit.level !== 'Bgy' || drawn.has(unit.code)) continue;
    const old = walk.oldOf.get(unit.code);
    const whole = vintages.partOf?.get(unit.code);
    const since = vintages.firstIn?.(unit.code) ?? vintages.to;
    const reason = old
      ? (oldReason.get(old) ?? 'absent from the source')
      : whole
        ? `new in ${since}, split from ${whole.name} (${whole.code}): no boundary of its own yet; it lies in ` +
          `${whole.name}'s territory of ${vintages.from}`
        : `new in ${since}: no boundary yet (the boundaries are of ${vintages.from})`;
    missing.push({ code: unit.code, reason });
  }
  return { codes, unassigned, unmatched, missing, asUnassigned };
}

/** The simplified polygons under the newer codes, as rekeyBoundaries placed them. */
export function rekeyShapes(
  simplified: SimplifiedBarangays,
  walk: Crosswalk,
  asUnassigned: Map<string, string>,
): SimplifiedBarangays {
  const barangays = new Map<string, Shape>();
  const unassigned = new Map(simplified.unassigned);
  for (const [old, shape] of simplified.barangays) {
    const code = walk.newOf.get(old);
    const name = asUnassigned.get(old);
    if (code) barangays.set(code, shape);
    else if (name) unassigned.set(name, shape);
  }
  return { barangays, unassigned };
}
