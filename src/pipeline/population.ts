import { growthRate } from '../dataset/census.ts';
import { CENSUS_YEARS, type Census, type CensusYear, type SplitBarangay, type Unit } from '../dataset/types.ts';
import { type CensusJoin, type CensusList, joinCensuses } from './census.ts';
import { checkTotals, type TotalsCheck } from './psa-totals.ts';
import type { CodeList } from './psgc.ts';

/** What the build did with the counts: the censuses it carries, how the older ones came, and PSA's totals checked. */
export interface PopulationReport {
  /** The census of the list's own counts (`Unit.population`). */
  populationYear: CensusYear;
  censuses: CensusYear[];
  joins: CensusJoin[];
  totals: TotalsCheck;
}

/**
 * The units' censuses (the list's own and the older lists', census.ts) and growth, and the list's latest census
 * checked against PSA's own totals (psa-totals.ts).
 */
export function addPopulation(vintage: string, list: CodeList, units: Unit[], older: CensusList[]): PopulationReport {
  const populationYear = list.censuses[list.censuses.length - 1];
  const totals = checkTotals(units, populationYear, list.populationNotes, list.summaries);
  const joins = joinCensuses({ vintage, units, censuses: list.censuses, notes: list.populationNotes }, older);
  const censuses = CENSUS_YEARS.filter((y) => list.censuses.includes(y) || joins.some((j) => j.year === y));
  return { populationYear, censuses, joins, totals };
}

/**
 * A split barangay's parts' counts in each census after its own (2024 for Barangay 176: its six parts'), summed,
 * and the whole's growth from 2020 to them: what the old barangay's people came to.
 */
export function addPartsCensus(splits: SplitBarangay[], byCode: Map<string, Unit>, censuses: CensusYear[]) {
  for (const split of splits) {
    const later = censuses.filter((y) => y > 2020);
    if (!later.length) continue;
    const census: Census = {};
    for (const year of later) {
      const counts = split.parts.map((p) => byCode.get(p.code)?.census[year]);
      census[year] = counts.every((c) => c != null) ? (counts as number[]).reduce((a, b) => a + b, 0) : null;
    }
    split.partsCensus = census;
    if (later.includes(2024)) split.partsGrowth2020to2024 = growthRate(split.population, census[2024]);
  }
}

const n = (count: number | null) => (count === null ? '—' : count.toLocaleString('en-US'));

/** The population report as text, printed at the end of a build. */
export function summarisePopulation(report: PopulationReport): string[] {
  const lines = [
    `Population: the list's own counts are of the ${report.populationYear} census; the build carries ${report.censuses.join(', ')}`,
  ];
  for (const join of report.joins) {
    lines.push(
      `  ${join.year} from ${join.from}: ${join.barangays} barangays with their own count; ${join.withheld.length} whose count covers others too, ${join.none.length} with none (new since); ${join.unplaced.length} older barangays placed nowhere`,
    );
    for (const w of join.withheld) lines.push(`    ${w.code} ${w.name}: ${n(w.count)}, ${w.note}`);
    lines.push(`    with none: ${join.none.map((u) => `${u.name} ${u.code}`).join('; ') || '(none)'}`);
    lines.push(`    units whose barangays sum otherwise than ${join.from}'s own figure (${join.differs.length}):`);
    for (const d of join.differs) {
      lines.push(
        `      ${d.code} ${d.name} (${d.level}): ${n(d.sum)} here, ${n(d.listed)} there${d.note ? `: ${d.note}` : ''}`,
      );
    }
  }
  const { totals } = report;
  lines.push(`  PSA's ${totals.year} totals against the sums of the barangays:`);
  lines.push(
    `    agree: ${Object.entries(totals.agree)
      .map(([what, t]) => `${what} ${t.agree}/${t.of}`)
      .join(', ')}`,
  );
  for (const d of totals.differences) {
    const sign = d.difference > 0 ? '+' : '';
    lines.push(
      `    ${d.source}, ${d.name}${d.code ? ` ${d.code}` : ''} (${d.level}): PSA ${n(d.psa)}, barangays ${n(d.barangays)}, ${sign}${n(d.difference)}: ${d.reason ?? 'PSA gives no note'}${d.explained ? '' : ' (UNEXPLAINED)'}`,
    );
  }
  for (const line of totals.notCompared) lines.push(`    not compared: ${line}`);
  return lines;
}
