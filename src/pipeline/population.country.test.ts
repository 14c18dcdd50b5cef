/**
 * The counts of every built vintage (run `npm run data:ensure:all` first; `npm test` does): the censuses each carries,
 * PSA's own totals against the sums of the barangays, and the older censuses joined onto the units of today.
 * Figures are written from the published lists; the newest vintage's totals are read from its workbook here, apart
 * from the pipeline's reader.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, test } from 'vitest';
import { growthRate } from '../dataset/census.ts';
import { type CensusYear, dataPaths, type Manifest, type Unit } from '../dataset/types.ts';
import { allBuilds, sourceDirOf, VINTAGES } from './config.ts';
import type { PopulationReport } from './population.ts';

const sourceDir = sourceDirOf();
const builds = allBuilds(sourceDir);

/** Each difference between PSA's figure and its barangays' sum, by code (null: the country), and why. */
type Differences = Record<string, { difference: number; reason: RegExp; explained: boolean }>;
const ABROAD = (n: string) => ({ reason: new RegExp(`Includes ${n} Filipinos`, 'i'), explained: true });
// PSA's rows for Makati and Taguig keep the ten EMBO barangays in Makati (moved to Taguig in 2023); Regions VI and
// VII keep Negros (moved to the Negros Island Region in 2024); Imelda and Payao, Guintolan; 4Q 2023's Region XII and
// the towns of Cotabato, the 63 barangays that joined BARMM in 2019.
const EMBO: Differences = {
  '1380300000': {
    difference: 336873,
    reason: /including .* 10 barangays transferred to City of Taguig/,
    explained: true,
  },
  '1381500000': {
    difference: -336873,
    reason: /excluding .* 10 barangays transferred from City of Makati/,
    explained: true,
  },
};
const NEGROS_AND_GUINTOLAN: Differences = {
  '0600000000': { difference: 3223955, reason: /including .* Negros Occidental and City of Bacolod/, explained: true },
  '0700000000': { difference: 1536385, reason: /including .* Negros Oriental and Siquijor/, explained: true },
  '0908304000': { difference: -1850, reason: /excluding .* Barangay Guintolan/, explained: true },
  '0908311000': { difference: 1850, reason: /including .* Guintolan that was transferred/, explained: true },
};
const EXPECTED: Record<
  string,
  { year: CensusYear; censuses: CensusYear[]; national: Differences; sheet: Differences; summaryRegions: Differences }
> = {
  '3Q 2025': {
    year: 2024,
    censuses: [2015, 2020, 2024],
    national: { country: { difference: 1708, ...ABROAD('1,708') } },
    summaryRegions: {},
    sheet: {},
  },
  '2Q 2025': {
    year: 2020,
    censuses: [2015, 2020],
    national: { country: { difference: 2098, ...ABROAD('2,098') } },
    summaryRegions: {},
    sheet: { ...EMBO, ...NEGROS_AND_GUINTOLAN },
  },
  '4Q 2024': {
    year: 2020,
    censuses: [2015, 2020],
    national: { country: { difference: 2098, ...ABROAD('2,098') } },
    summaryRegions: {},
    sheet: {
      ...EMBO,
      ...NEGROS_AND_GUINTOLAN,
      // Cotabato City (an independent component city) lies in Maguindanao del Norte's code; PSA counts it apart.
      '1908700000': { difference: -325079, reason: /excluding COTOBATO CITY/, explained: true },
    },
  },
  '4Q 2023': {
    year: 2020,
    censuses: [2015, 2020],
    national: { country: { difference: 2098, ...ABROAD('2,098') } },
    summaryRegions: {
      '1200000000': { difference: 540512, reason: /Including .* City of Cotabato and 63 barangays/, explained: true },
      '1900000000': { difference: -540512, reason: /Excluding .* City of Cotabato and 63 barangays/, explained: true },
    },
    sheet: {
      ...EMBO,
      '1200000000': { difference: 540512, reason: /including .* City of Cotabato and 63 barangays/, explained: true },
      '1900000000': { difference: -540512, reason: /excluding .* City of Cotabato and 63 barangays/, explained: true },
      '1204700000': { difference: 215433, reason: /including .* 63 barangays that opted/, explained: true },
      '1204702000': { difference: 28463, reason: /including .* 7 barangays that opted/, explained: true },
      '1204703000': { difference: 16658, reason: /including .* 7 barangays that opted/, explained: true },
      '1204709000': { difference: 48011, reason: /including .* 13 barangays that opted/, explained: true },
      '1204711000': { difference: 19627, reason: /including .* 12 barangays that opted/, explained: true },
      '1204712000': { difference: 97622, reason: /including .* 22 barangays that opted/, explained: true },
      '1204717000': { difference: 5052, reason: /including .* 2 barangays that opted/, explained: true },
      // The same as 4Q 2024's, where PSA's note says it ("excluding COTOBATO CITY"); 4Q 2023's row has no note.
      '1908700000': { difference: -325079, reason: /^$/, explained: false },
    },
  },
};

const read = <T>(outDir: string, file: string) => JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8')) as T;

/** Each unit's barangays' counts of one census, summed up the parent chain (a province's: its own towns'). */
function barangaySums(units: Unit[], year: CensusYear) {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const sums = new Map<string | null, number>([[null, 0]]);
  for (const b of units) {
    const count = b.level === 'Bgy' ? b.census[year] : null;
    if (count == null) continue;
    sums.set(null, sums.get(null)! + count);
    for (let u = byCode.get(b.parent ?? ''); u; u = byCode.get(u.parent ?? '')) {
      sums.set(u.code, (sums.get(u.code) ?? 0) + count);
    }
  }
  return sums;
}

describe.each(builds)('the $vintage build', ({ vintage, outDir }) => {
  const expected = EXPECTED[vintage];
  const manifest = read<Manifest>(outDir, dataPaths.manifest);
  const units = read<Unit[]>(outDir, dataPaths.units);
  const report = read<{ population: PopulationReport }>(outDir, dataPaths.report).population;

  test('says which censuses it carries, and whose its population is', () => {
    expect(expected, `no expectations written for ${vintage}`).toBeDefined();
    expect([manifest.populationYear, manifest.censuses]).toEqual([expected.year, expected.censuses]);
    expect(manifest.attribution).toMatch(new RegExp(`Population: PSA ${expected.year} (POPCEN|CPH)\\.$`));
    // One assertion over the units that differ: 43,000 assertions take seconds.
    const wrong = units.filter(
      (u) =>
        Object.keys(u.census).join() !== expected.censuses.join() ||
        u.population !== u.census[expected.year] ||
        u.growth2020to2024 !==
          (expected.censuses.includes(2024) ? growthRate(u.census[2020], u.census[2024]) : undefined),
    );
    expect(wrong.map((u) => u.code)).toEqual([]);
  });

  test("reports every difference between PSA's totals and its barangays' sums, with PSA's note, and only those", () => {
    const sums = barangaySums(units, expected.year);
    const of = (source: string, level: string[]) =>
      Object.fromEntries(
        report.totals.differences
          .filter((d) => d.source === source && level.includes(d.level))
          .map((d) => [d.code ?? 'country', d]),
      );
    const check = (found: Record<string, (typeof report.totals.differences)[number]>, want: Differences) => {
      expect(Object.keys(found).sort()).toEqual(Object.keys(want).sort());
      for (const [code, d] of Object.entries(found)) {
        expect(d.barangays, code).toBe(sums.get(code === 'country' ? null : code));
        expect(d.difference, code).toBe(want[code].difference);
        expect(d.reason ?? '', code).toMatch(want[code].reason);
        expect(d.explained, code).toBe(want[code].explained);
      }
    };
    check(of('National Summary', ['Country']), expected.national);
    check(of('National Summary', ['Reg']), expected.summaryRegions);
    check(of('PSGC sheet', ['Reg', 'Prov', 'City', 'Mun', 'SubMun', 'Dist', 'SGA']), expected.sheet);
  });
});

describe('the 3Q 2025 build against its workbook, read here', () => {
  const { outDir } = builds.find((b) => b.vintage === '3Q 2025')!;
  const units = read<Unit[]>(outDir, dataPaths.units);
  const sums = barangaySums(units, 2024);
  const psa = { national: 0, summary: new Map<string, number>(), rows: new Map<string, number>() };

  beforeAll(async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path.join(sourceDir, VINTAGES['3Q 2025']));
    const text = (v: ExcelJS.CellValue) => String(v ?? '').trim();
    book.getWorksheet('National Summary')!.eachRow((row) => {
      const count = row.getCell(8).value;
      if (typeof count !== 'number') return;
      if (text(row.getCell(3).value) === 'PHILIPPINES') psa.national = count;
      else psa.summary.set(text(row.getCell(1).value), count);
    });
    const sheet = book.getWorksheet('PSGC')!;
    expect(text(sheet.getRow(1).getCell(9).value)).toBe('2024 Population');
    sheet.eachRow((row) => {
      const level = text(row.getCell(4).value);
      if (level === 'Reg' || level === 'Prov') psa.rows.set(text(row.getCell(1).value), Number(row.getCell(9).value));
    });
  });

  test('the country: 112,729,484, the barangays’ 112,727,776, the 1,708 Filipinos abroad between them', () => {
    expect(psa.national).toBe(112_729_484);
    expect(sums.get(null)).toBe(112_727_776);
    expect(psa.national - sums.get(null)!).toBe(1708);
  });

  test('every region (National Summary and PSGC sheet) and every province (PSGC sheet) as its barangays sum', () => {
    expect(psa.summary.size).toBe(18);
    expect([...psa.rows.keys()].filter((c) => c.endsWith('00000000'))).toHaveLength(18);
    expect(psa.rows.size).toBe(18 + 82);
    for (const [code, count] of [...psa.summary, ...psa.rows]) expect(sums.get(code), code).toBe(count);
    // Region IX counts Sulu (footnote b), BARMM does not (c): so do the barangays, Sulu's towns being Region IX's.
    expect(units.find((u) => u.code === '0906600000')?.parent).toBe('0900000000');
  });

  test("the country grows 0.80% a year from 2020 to 2024 on PSA's totals, and on the barangays' alike", () => {
    // The regions' 2020 counts: their barangays', PSA's counts of barangays made since counted in their mothers'.
    const in2020 = units.filter((u) => u.level === 'Reg').reduce((sum, r) => sum + r.census[2020]!, 0);
    expect(in2020).toBe(109_035_343 - 2098);
    expect(growthRate(109_035_343, psa.national)).toBe(0.8);
    expect(growthRate(in2020, sums.get(null))).toBe(0.8);
  });
});

describe('the 3Q 2025 build: older censuses on the units of today', () => {
  const { outDir } = builds.find((b) => b.vintage === '3Q 2025')!;
  const byCode = new Map(read<Unit[]>(outDir, dataPaths.units).map((u) => [u.code, u]));
  const unit = (code: string) => byCode.get(code)!;

  test("Caloocan's Barangay 176-A to 176-F: their own 2024 counts, none before they existed, and where they were counted", () => {
    const parts = ['1380100189', '1380100190', '1380100191', '1380100192', '1380100193', '1380100194'];
    expect(parts.map((c) => unit(c).census)).toEqual(
      [48719, 43135, 39837, 50940, 53341, 30953].map((n) => ({ 2015: null, 2020: null, 2024: n })),
    );
    expect(unit(parts[0]).censusNotes?.[2020]).toBe(
      "261,729 in PSA's 2Q 2025 list, including the population count of Barangays 176-B, 176-C, 176-D, 176-E, and 176-F",
    );
    for (const code of parts.slice(1)) {
      expect(unit(code).censusNotes?.[2020]).toBe("counted with Barangay 176-A in PSA's 2Q 2025 list (261,729)");
    }
    // Caloocan counts the whole of 176 in 2015 (as Barangay 176, of 4Q 2023) and 2020 (as 176-A's, of 2Q 2025).
    expect(unit('1380100000').census).toEqual({ 2015: 1583978, 2020: 1661584, 2024: 1712945 });
    const [split] = read<{ code: string; population: number; partsCensus: object; partsGrowth2020to2024: number }[]>(
      outDir,
      dataPaths.splits,
    );
    expect(split).toMatchObject({ code: '1380100176', population: 261729, partsCensus: { 2024: 266925 } });
    expect(split.partsGrowth2020to2024).toBe(growthRate(261729, 266925));
  });

  test('a recoded unit keeps its history: Negros Occidental, 0604500000 in 4Q 2023, now 1804500000', () => {
    // PSA: 2,497,261 in 2015 and 2,623,172 in 2020 (without Bacolod), 2,680,477 in 2024.
    expect(unit('1804500000').census).toEqual({ 2015: 2497261, 2020: 2623172, 2024: 2680477 });
  });

  test("Makati's 2020 count is of its barangays of today, without the ten it gave Taguig", () => {
    expect(unit('1380300000').census).toEqual({ 2015: 280150, 2020: 292743, 2024: 309770 });
    expect(unit('1381500000').census[2020]).toBe(1223595);
  });
});
