import { foldCaseSpacesAndMarks } from '../contract/names.ts';
import { growthRate } from '../dataset/census.ts';
import { CENSUS_YEARS, type CensusYear, type Unit } from '../dataset/types.ts';
import { crosswalk } from './crosswalk.ts';
import type { CodeList } from './psgc.ts';

/** A code list with what it says of each census: its units' counts, the censuses it has, and its notes to them. */
export interface CensusList {
  vintage: string;
  units: Unit[];
  censuses: CensusYear[];
  notes: CodeList['populationNotes'];
}

type Ref = { code: string; name: string };

/** How one census came into a list that lacks it, for the build's report. */
export interface CensusJoin {
  year: CensusYear;
  /** The newest older list that has it. */
  from: string;
  /** Barangays given their count from it. */
  barangays: number;
  /** Barangays whose count there covers others too (PSA's note says "including …"): none of their own. */
  withheld: (Ref & { count: number; note: string })[];
  /** Barangays it has no counterpart of (new since, or parts of a split), or no count for. */
  none: Ref[];
  /** Its barangays with a count that fall in no unit of the list built (none so far). */
  unplaced: (Ref & { count: number })[];
  /** Units above the barangays whose barangays' sum differs from the count it gives them, and PSA's note to it. */
  differs: (Ref & { level: Unit['level']; sum: number; listed: number | null; note: string | null })[];
}

/**
 * Counts summed up the parent chain: each count is added to the unit it is anchored at (a barangay, or the town of
 * an older barangay that has no counterpart now) and to every unit above it.
 */
export function sumUp(byCode: Map<string, Unit>, counts: Iterable<[string, number]>): Map<string, number> {
  const sums = new Map<string, number>();
  for (const [anchor, count] of counts) {
    let unit = byCode.get(anchor);
    while (unit) {
      sums.set(unit.code, (sums.get(unit.code) ?? 0) + count);
      unit = unit.parent ? byCode.get(unit.parent) : undefined;
    }
  }
  return sums;
}

/** A barangay count PSA gives with a note "including …" covers barangays made from it since: not its own. */
const coversOthers = (note: string | undefined) => note !== undefined && /^including\b/i.test(note);

/**
 * Gives the built list's units the censuses it lacks, in place, from the newest older list that has each (2020
 * from 2Q 2025 for 3Q 2025; 2015 from 4Q 2023), paired across recodings by the crosswalk:
 *
 * - a barangay takes its counterpart's count, unless PSA's note says that count includes other barangays (Barangay
 *   176-A's 2020 count is all of Barangay 176, since split into 176-A to 176-F; Muzon Proper's includes Muzon
 *   East, South and West): it then has none of its own, nor has a barangay with no counterpart, and the unit's
 *   `census` holds null for that year; `censusNotes` says where its people were counted;
 * - a unit above the barangays takes the sum of the older list's barangay counts that lie in it now (an older
 *   barangay with no counterpart counts in the town it was in): its territory of today, where the older list's own
 *   figure may be of the territory of then (Makati's 2020 count in 2Q 2025 still includes the ten barangays moved
 *   to Taguig); the differences are reported with PSA's notes.
 *
 * Then each unit's growth from 2020 to 2024, where the build has both censuses.
 */
export function joinCensuses(built: CensusList, older: CensusList[]): CensusJoin[] {
  const byCode = new Map(built.units.map((u) => [u.code, u]));
  const joins: CensusJoin[] = [];
  for (const year of CENSUS_YEARS) {
    if (built.censuses.includes(year)) continue;
    const source = older.filter((l) => l.censuses.includes(year)).at(-1);
    if (source) joins.push(joinCensus(year, built, source, byCode));
  }
  const years = new Set([...built.censuses, ...joins.map((j) => j.year)]);
  if (years.has(2020) && years.has(2024)) {
    for (const unit of built.units) unit.growth2020to2024 = growthRate(unit.census[2020], unit.census[2024]);
  }
  return joins;
}

function joinCensus(year: CensusYear, built: CensusList, source: CensusList, byCode: Map<string, Unit>): CensusJoin {
  const walk = crosswalk(source.units, built.units);
  const sourceByCode = new Map(source.units.map((u) => [u.code, u]));
  const join: CensusJoin = {
    year,
    from: source.vintage,
    barangays: 0,
    withheld: [],
    none: [],
    unplaced: [],
    differs: [],
  };

  // Each older barangay's count, anchored at its counterpart, else at the nearest unit above it that has one.
  const anchored: [string, number][] = [];
  for (const old of source.units) {
    const count = old.census[year];
    if (old.level !== 'Bgy' || count == null) continue;
    let anchor: Unit | undefined = old;
    while (anchor && !walk.newOf.has(anchor.code)) anchor = anchor.parent ? sourceByCode.get(anchor.parent) : undefined;
    if (anchor) anchored.push([walk.newOf.get(anchor.code)!, count]);
    else join.unplaced.push({ code: old.code, name: old.name, count });
  }
  const sums = sumUp(byCode, anchored);

  const holders: { town: string | null; note: string; name: string; count: number }[] = [];
  for (const unit of built.units) {
    const oldCode = walk.oldOf.get(unit.code);
    const old = oldCode ? sourceByCode.get(oldCode) : undefined;
    if (unit.level !== 'Bgy') {
      const sum = sums.get(unit.code);
      unit.census[year] = sum ?? null;
      const listed = old?.census[year] ?? null;
      if (sum !== undefined && sum !== listed) {
        const note = old ? (source.notes.get(old.code)?.[year] ?? null) : null;
        join.differs.push({ code: unit.code, name: unit.name, level: unit.level, sum, listed, note });
      }
      continue;
    }
    const count = old?.census[year] ?? null;
    const note = old && source.notes.get(old.code)?.[year];
    if (count !== null && coversOthers(note)) {
      unit.census[year] = null;
      const text = `${count.toLocaleString('en-US')} in PSA's ${source.vintage} list, ${note}`;
      unit.censusNotes = { ...unit.censusNotes, [year]: text };
      join.withheld.push({ code: unit.code, name: unit.name, count, note: note! });
      holders.push({ town: unit.parent, note: foldCaseSpacesAndMarks(note!), name: unit.name, count });
      continue;
    }
    unit.census[year] = count;
    if (count === null) join.none.push({ code: unit.code, name: unit.name });
    else join.barangays++;
  }
  // A barangay with no count of its own is named in a holder's note in its town ("Muzon East"; "176-B" for
  // "Barangay 176-B"): say where it was counted.
  for (const { code } of join.none) {
    const unit = byCode.get(code)!;
    const names = [foldCaseSpacesAndMarks(unit.name), foldCaseSpacesAndMarks(unit.name).replace(/^barangay /, '')];
    const holder = holders.find(
      (h) =>
        h.town === unit.parent && names.some((n) => new RegExp(`(^|[\\s,])${escapeRegExp(n)}($|[\\s,])`).test(h.note)),
    );
    if (holder) {
      const text = `counted with ${holder.name} in PSA's ${source.vintage} list (${holder.count.toLocaleString('en-US')})`;
      unit.censusNotes = { ...unit.censusNotes, [year]: text };
    }
  }
  return join;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
