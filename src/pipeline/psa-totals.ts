import type { CensusYear, Unit } from '../dataset/types.ts';
import { sumUp } from './census.ts';
import type { CodeList } from './psgc.ts';

/** PSA's own totals of one census from the National Summary sheet: the country's and each region's. */
export interface NationalSummary {
  /** "As of 30 September 2025". */
  asOf: string;
  national: { count: number; note: string | null };
  regions: Map<string, { name: string; count: number; note: string | null }>;
}

/** One of PSA's totals set beside the sum of the barangays' counts that lie in the unit. */
export interface TotalDifference {
  /** Which of PSA's figures: the country's or a region's in the National Summary, or a unit's row of the PSGC sheet. */
  source: 'National Summary' | 'PSGC sheet';
  code: string | null;
  name: string;
  level: Unit['level'] | 'Country';
  psa: number;
  barangays: number;
  /** PSA's figure less the barangays' sum. */
  difference: number;
  /** PSA's note to the figure, which says why it differs; null when it has none. */
  reason: string | null;
  /** The note accounts for it: the country's names the same number of people; a unit's note is PSA's own word. */
  explained: boolean;
}

export interface TotalsCheck {
  year: CensusYear;
  /** Figures compared and how many agree, per source and level ("PSGC sheet Prov": 82 of 82). */
  agree: Record<string, { agree: number; of: number }>;
  differences: TotalDifference[];
  /** Sheets with totals not compared, and why. */
  notCompared: string[];
}

const number = (text: string) => (/^\d[\d,]*$/.test(text) ? Number(text.replaceAll(',', '')) : null);
const code10 = (text: string) => (/^\d{9,10}$/.test(text) ? text.padStart(10, '0') : null);

/**
 * The National Summary's population column for a census ("POPULATION (2024 POPCEN)"), the note column beside it
 * (marks such as "a" or "f, h"), and the footnotes those marks stand for (rows "a | Population counts … Includes
 * 1,708 Filipinos …"). Null when the sheet or the column is missing.
 */
export function readNationalSummary(sheets: CodeList['summaries'], year: CensusYear): NationalSummary | null {
  // "National Summary" (2Q 2025 on), "Nat'l Sum" (4Q 2023).
  const rows = sheets.find((s) => /^nat/i.test(s.name))?.rows;
  if (!rows) return null;
  const header = rows.findIndex((r) => r.some((c) => /^population\b/i.test(c) && c.includes(String(year))));
  if (header < 0) return null;
  const column = rows[header].findIndex((c) => /^population\b/i.test(c) && c.includes(String(year)));
  const footnotes = new Map<string, string>();
  for (const row of rows.slice(header + 1)) {
    if (/^[a-z]$/.test(row[0]) && row[1]) footnotes.set(row[0], row[1]);
  }
  const noteOf = (cell: string | undefined) => {
    const marks = (cell ?? '').split(/[\s,]+/).filter((m) => footnotes.has(m));
    return marks.length ? marks.map((m) => footnotes.get(m)).join('; ') : null;
  };
  const summary: NationalSummary = {
    asOf: rows.flat().find((c) => /^as of /i.test(c)) ?? '',
    national: { count: 0, note: null },
    regions: new Map(),
  };
  for (const row of rows.slice(header + 1)) {
    const count = number(row[column] ?? '');
    if (count === null) continue;
    const name = row.slice(0, column).find((c) => /[a-z]/i.test(c)) ?? '';
    const note = noteOf(row[column + 1]);
    const code = code10(row[0]) ?? code10(row[1]);
    if (code) summary.regions.set(code, { name, count, note });
    else if (/^philippines$/i.test(name)) summary.national = { count, note };
  }
  return summary;
}

/**
 * PSA's totals of the list's latest census beside the sums of its barangays' counts, up the administrative
 * hierarchy (a province's sum is of its own towns, as PSA's figure for a province whose highly urbanized city stands
 * apart is: "excluding CITY OF X"): the country's and every region's from the National Summary, and every unit's
 * row of the PSGC sheet. Every difference is listed with PSA's note to the figure.
 */
export function checkTotals(
  units: Unit[],
  year: CensusYear,
  notes: CodeList['populationNotes'],
  sheets: CodeList['summaries'],
): TotalsCheck {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const counts: [string, number][] = [];
  let country = 0;
  for (const unit of units) {
    const count = unit.level === 'Bgy' ? unit.census[year] : null;
    if (count == null) continue;
    counts.push([unit.code, count]);
    country += count;
  }
  const sums = sumUp(byCode, counts);
  const check: TotalsCheck = { year, agree: {}, differences: [], notCompared: [] };
  const compare = (
    source: TotalDifference['source'],
    unit: { code: string | null; name: string; level: TotalDifference['level'] },
    psa: number,
    barangays: number,
    reason: string | null,
    explained = reason !== null,
  ) => {
    const key = `${source} ${unit.level}`;
    check.agree[key] ??= { agree: 0, of: 0 };
    const tally = check.agree[key];
    tally.of++;
    if (psa === barangays) tally.agree++;
    else check.differences.push({ source, ...unit, psa, barangays, difference: psa - barangays, reason, explained });
  };

  const summary = readNationalSummary(sheets, year);
  if (summary) {
    const { count, note } = summary.national;
    // "Includes 1,708 Filipinos in Philippine embassies, consulates, and mission abroad": counted in no barangay.
    const abroad = note?.match(/includes ([\d,]+) filipinos/i);
    const explained = abroad ? Number(abroad[1].replaceAll(',', '')) === count - country : false;
    compare('National Summary', { code: null, name: 'Philippines', level: 'Country' }, count, country, note, explained);
    for (const [code, region] of summary.regions) {
      compare(
        'National Summary',
        { code, name: region.name, level: 'Reg' },
        region.count,
        sums.get(code) ?? 0,
        region.note,
      );
    }
  } else check.notCompared.push(`National Summary: no population column of the ${year} census`);
  for (const unit of units) {
    const psa = unit.level === 'Bgy' ? null : unit.census[year];
    if (psa == null) continue;
    const { code, name, level } = unit;
    compare('PSGC sheet', { code, name, level }, psa, sums.get(unit.code) ?? 0, notes.get(unit.code)?.[year] ?? null);
  }
  // Other summary sheets: compared when they give this census's counts, else said why not ("Prov Sum", as of 30
  // June 2020, counts units and gives no population).
  for (const { name, rows } of sheets) {
    if (/^(psgc|nat|notes|metadata)/i.test(name.trim()) || !rows.length) continue;
    const population = rows.some((r) => r.some((c) => /^population\b/i.test(c)));
    if (population) continue;
    const asOf = rows.flat().find((c) => /^as of /i.test(c));
    const counts = rows.some((r) => r.some((c) => /^bgy\.?$/i.test(c)));
    if (counts) check.notCompared.push(`${name.trim()}${asOf ? ` (${asOf})` : ''}: counts of units, no population`);
  }
  return check;
}
