import type { ChangeReport, OldCodes, Unit } from '../dataset/types.ts';
import type { CensusList } from './census.ts';
import { describeChanges } from './changes.ts';
import type { PipelineConfig } from './config.ts';
import { crosswalk } from './crosswalk.ts';
import { assignParents } from './hierarchy.ts';
import { readSlicedList } from './slice.ts';

/**
 * Every older code list present, oldest first, with its units and censuses (the boundaries' own list is not read
 * twice).
 */
export async function readOlderLists(
  config: PipelineConfig,
  boundaries: Omit<CensusList, 'vintage'>,
): Promise<CensusList[]> {
  return Promise.all(
    config.olderCodeLists.map(async ({ vintage, file }) => {
      if (vintage === config.boundaryVintage) return { vintage, ...boundaries };
      const list = await readSlicedList(config, file);
      const units = [...list.units, ...assignParents(list.units, list.groupings)];
      return { vintage, units, censuses: list.censuses, notes: list.populationNotes };
    }),
  );
}

/**
 * The first list a code appears in after the boundaries' (Caloocan's Barangay 176-A: 4Q 2024, also in 2Q 2025),
 * so a unit new since the boundaries says when it came; the list built when no older one has it.
 */
export function firstListedIn(
  older: { vintage: string; units: Unit[] }[],
  boundaryVintage: string,
  built: string,
): (code: string) => string {
  const after = older.slice(older.findIndex((l) => l.vintage === boundaryVintage) + 1);
  const codes = after.map((l) => ({ vintage: l.vintage, codes: new Set(l.units.map((u) => u.code)) }));
  return (code) => codes.find((l) => l.codes.has(code))?.vintage ?? built;
}

/**
 * The change report from the release before this one: what a user of that release finds different, unit by unit.
 * When that release is the boundaries' own list it is the report already made; otherwise its list is paired with
 * this one as the boundaries' is (crosswalk.ts). Null for the oldest vintage.
 */
export function changesSincePrevious(
  config: PipelineConfig,
  older: { vintage: string; units: Unit[] }[],
  units: Unit[],
  changes: ChangeReport,
): ChangeReport | null {
  const previous = older.find((l) => l.vintage === config.previousVintage);
  if (!previous) return null;
  if (previous.vintage === config.boundaryVintage) return changes;
  const vintages = { from: previous.vintage, to: config.vintage };
  return describeChanges(previous.units, units, crosswalk(previous.units, units), vintages);
}

/**
 * The codes of older lists that this one no longer has, each with the code of the same place now (the crosswalk
 * from that list to this one) and the lists that used it: Negros Occidental's 0604500000 (4Q 2023) is 1804500000,
 * Sulu's 1906600000 (4Q 2023, 4Q 2024) is 0906600000. A code this list still has is its own unit, whatever it was
 * before; a unit removed without a counterpart (Caloocan's Barangay 176) has no entry.
 */
export function oldCodes(older: { vintage: string; units: Unit[] }[], units: Unit[]): OldCodes {
  const current = new Set(units.map((u) => u.code));
  const out: OldCodes = {};
  for (const list of older) {
    for (const [old, code] of crosswalk(list.units, units).newOf) {
      if (current.has(old)) continue;
      const known = out[old];
      if (known?.code === code) known.vintages.push(list.vintage);
      // Paired with two places by two lists (none so far): the newer list, nearer this one, is believed.
      else out[old] = { code, vintages: [list.vintage] };
    }
  }
  return out;
}
