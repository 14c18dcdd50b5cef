import type { Unit } from '../dataset/types.ts';
import type { BoundaryRead } from './boundaries.ts';
import type { Crosswalk } from './crosswalk.ts';
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
  read: BoundaryRead,
  older: Unit[],
  newer: Unit[],
  walk: Crosswalk,
  vintages: { from: string; to: string },
): BoundaryRead {
  const oldByCode = new Map(older.map((u) => [u.code, u]));
  const oldMunicityOf = municityFinder(oldByCode);
  const features: BoundaryRead['features'] = [];
  const unassigned: BoundaryRead['unassigned'] = [];
  const unmatched = [...read.unmatched];

  for (const f of read.features) {
    const code = walk.newOf.get(f.properties.code);
    if (code) {
      features.push({ ...f, properties: { code } });
      continue;
    }
    const old = oldByCode.get(f.properties.code)!;
    const municity = walk.newOf.get(oldMunicityOf(old.code));
    if (!municity) {
      unmatched.push(`${old.code} ${old.name}: neither it nor its town is in ${vintages.to}; its polygon is dropped`);
      continue;
    }
    const name = `${old.name} (${old.code}, ${vintages.from})`;
    unassigned.push({ ...f, properties: { name, municity } });
    unmatched.push(`${old.code} ${old.name} is not in ${vintages.to}: its polygon stays in ${municity}'s outline`);
  }
  for (const f of read.unassigned) {
    const municity = walk.newOf.get(f.properties.municity);
    if (municity) unassigned.push({ ...f, properties: { ...f.properties, municity } });
    else unmatched.push(`${f.properties.name}: its town ${f.properties.municity} is not in ${vintages.to}; dropped`);
  }

  const oldReason = new Map(read.missing.map((m) => [m.code, m.reason]));
  const drawn = new Set(features.map((f) => f.properties.code));
  const missing: BoundaryRead['missing'] = [];
  for (const unit of newer) {
    if (unit.level !== 'Bgy' || drawn.has(unit.code)) continue;
    const old = walk.oldOf.get(unit.code);
    const reason = old
      ? (oldReason.get(old) ?? 'absent from the source')
      : `new in ${vintages.to}: no boundary yet (the boundaries are of ${vintages.from})`;
    missing.push({ code: unit.code, reason });
  }
  return { features, unassigned, unmatched, missing };
}
