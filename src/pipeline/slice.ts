/**
 * A slice of the country: the build of a few towns only, from the same sources by the same pipeline (the fixture
 * country the tests read, fixture-country.ts). The towns are named once, by their codes in the boundaries' own
 * list (the codes the boundary files are named by); every other code list keeps the same places, found through
 * the crosswalk (crosswalk.ts), so a town recoded since (Bacolod 0630200000 → 1830200000) or a barangay split since
 * (Caloocan's 176 → 176-A…F) is in every vintage's slice. Each list keeps its kept towns, everything below them and
 * everything above them (their province, district, region), and nothing else.
 */

import type { Unit } from '../dataset/types.ts';
import { crosswalk } from './crosswalk.ts';
import { assignParents, isMunicity, municityFinder } from './hierarchy.ts';
import { type CodeList, readCodeList } from './psgc.ts';

export interface Slice {
  /**
   * Code prefixes in the boundaries' list: a town is kept when its code starts with one (`13`: every town of NCR,
   * `07022`: every town of Cebu, `1130700`: Davao City).
   */
  prefixes: string[];
  /**
   * Every province keeps a town: where no prefix names one of its towns, the one with the fewest barangays (the
   * lowest code among equals). So every region and province of the list is in the slice, as small as it can be.
   */
  everyProvince: boolean;
}

/** What a sliced read needs of the build's settings (config.ts). */
interface SliceConfig {
  slice: Slice | null;
  /** The boundaries' own code list, which the prefixes are written in. */
  boundaryCodeListFile: string;
}

/** Each file's list read once per process: a sliced build reads the boundaries' list for every vintage. */
const read = new Map<string, Promise<CodeList>>();
const readOnce = (file: string) => {
  let list = read.get(file);
  if (!list) {
    list = readCodeList(file);
    read.set(file, list);
  }
  return list;
};

/** The list's units with their parents, as copies: the caller's own units get theirs from assignParents. */
function parented(list: CodeList): Unit[] {
  const units = list.units.map((u) => ({ ...u }));
  return [...units, ...assignParents(units, list.groupings)];
}

/** The towns of the boundaries' list (parents assigned) the slice keeps. */
function townsNamed(units: Unit[], slice: Slice): Set<string> {
  const towns = units.filter(isMunicity);
  const kept = new Set(towns.filter((u) => slice.prefixes.some((p) => u.code.startsWith(p))).map((u) => u.code));
  if (!slice.everyProvince) return kept;
  const byCode = new Map(units.map((u) => [u.code, u]));
  const townOf = municityFinder(byCode);
  const barangays = new Map<string, number>();
  for (const unit of units) {
    if (unit.level !== 'Bgy') continue;
    const town = townOf(unit.code);
    barangays.set(town, (barangays.get(town) ?? 0) + 1);
  }
  const smallest = new Map<string, Unit>();
  for (const town of [...towns].sort((a, b) => a.code.localeCompare(b.code))) {
    const province = town.parent;
    if (!province || byCode.get(province)?.level !== 'Prov') continue;
    const known = smallest.get(province);
    if (!known || (barangays.get(town.code) ?? 0) < (barangays.get(known.code) ?? 0)) smallest.set(province, town);
  }
  const provincesKept = new Set(towns.filter((u) => kept.has(u.code)).map((u) => u.parent));
  for (const [province, town] of smallest) if (!provincesKept.has(province)) kept.add(town.code);
  return kept;
}

/** The towns of `units` (parents assigned) that the slice keeps, given the boundaries' list's kept towns. */
function keptTowns(units: Unit[], boundaryUnits: Unit[], boundaryTowns: Set<string>, same: boolean): Set<string> {
  if (same) return boundaryTowns;
  const walk = crosswalk(boundaryUnits, units);
  const townOf = municityFinder(new Map(units.map((u) => [u.code, u])));
  const oldTownOf = municityFinder(new Map(boundaryUnits.map((u) => [u.code, u])));
  const kept = new Set<string>();
  for (const unit of units) {
    if (unit.level !== 'Bgy' && !isMunicity(unit)) continue;
    const old = walk.oldOf.get(unit.code);
    // A town paired with a kept one, or a town any of whose barangays lay in a kept one.
    if (old && boundaryTowns.has(oldTownOf(old))) kept.add(townOf(unit.code));
  }
  return kept;
}

/** The codes of `units` kept: the towns, what lies below them and what lies above. */
function keptCodes(units: Unit[], towns: Set<string>): Set<string> {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const townOf = municityFinder(byCode);
  const kept = new Set<string>();
  for (const unit of units) {
    if (unit.level === 'Reg' || unit.level === 'Prov' || unit.level === 'Dist' || unit.level === 'SGA') continue;
    if (!towns.has(townOf(unit.code))) continue;
    for (let u: Unit | undefined = unit; u && !kept.has(u.code); u = u.parent ? byCode.get(u.parent) : undefined) {
      kept.add(u.code);
    }
  }
  return kept;
}

/** The code list in `file`, sliced when the build is of a slice. */
export async function readSlicedList({ slice, boundaryCodeListFile }: SliceConfig, file: string): Promise<CodeList> {
  const list = await readOnce(file);
  if (!slice) return { ...list, units: list.units.map((u) => ({ ...u })) };
  const boundaryUnits = parented(await readOnce(boundaryCodeListFile));
  const boundaryTowns = townsNamed(boundaryUnits, slice);
  const same = file === boundaryCodeListFile;
  const units = same ? boundaryUnits : parented(list);
  const kept = keptCodes(units, keptTowns(units, boundaryUnits, boundaryTowns, same));
  return { ...list, units: list.units.filter((u) => kept.has(u.code)).map((u) => ({ ...u })) };
}

/** The boundaries' list's towns the slice keeps (their files are the only ones read), or null for no slice. */
export async function slicedTowns({ slice, boundaryCodeListFile }: SliceConfig): Promise<Set<string> | null> {
  return slice ? townsNamed(parented(await readOnce(boundaryCodeListFile)), slice) : null;
}
