import { describe, expect, test } from 'vitest';
import type { Census, Unit } from '../dataset/types.ts';
import { type CensusList, joinCensuses } from './census.ts';
import { bareUnit } from './hierarchy.ts';

/**
 * A unit with its counts, as a list gives them; its correspondence code the old form of its code, which Negros'
 * units keep under their new codes (the crosswalk pairs them by it).
 */
const unit = (code: string, name: string, level: Unit['level'], parent: string | null, census: Census = {}): Unit => {
  const old = code.replace(/^18/, '06');
  return { ...bareUnit(code, name, level, parent, `${old.slice(0, 2)}${old.slice(3)}`), census: { ...census } };
};

/**
 * Three lists as PSA wrote them, a few units of each: 4Q 2023 (2015 and 2020 counts), 2Q 2025 (2020: Negros
 * recoded into the Negros Island Region, Caloocan's Barangay 176 split, its 2020 count given to 176-A with a note),
 * and 3Q 2025 (2024).
 */
const list4Q2023 = (): CensusList => ({
  vintage: '4Q 2023',
  censuses: [2015, 2020],
  notes: new Map([['1208001008', { 2015: 'including the population count of newly created Barangay New Canaan' }]]),
  units: [
    unit('0600000000', 'Region VI (Western Visayas)', 'Reg', null, { 2015: 1500, 2020: 1600 }),
    unit('0604500000', 'Negros Occidental', 'Prov', '0600000000', { 2015: 1000, 2020: 1100 }),
    unit('0604502000', 'City of Bago', 'City', '0604500000', { 2015: 1000, 2020: 1100 }),
    unit('0604502001', 'Abuanan', 'Bgy', '0604502000', { 2015: 1000, 2020: 1100 }),
    unit('0603000000', 'Iloilo', 'Prov', '0600000000', { 2015: 500, 2020: 500 }),
    unit('0603001000', 'Ajuy', 'Mun', '0603000000', { 2015: 500, 2020: 500 }),
    unit('0603001001', 'Adcadarao', 'Bgy', '0603001000', { 2015: 500, 2020: 500 }),
    unit('1300000000', 'National Capital Region (NCR)', 'Reg', null, { 2015: 300, 2020: 320 }),
    unit('1380100000', 'City of Caloocan', 'City', '1300000000', { 2015: 300, 2020: 320 }),
    unit('1380100176', 'Barangay 176', 'Bgy', '1380100000', { 2015: 240, 2020: 260 }),
    unit('1380100177', 'Barangay 177', 'Bgy', '1380100000', { 2015: 60, 2020: 60 }),
    unit('1208001000', 'Sarangani', 'Mun', null, { 2015: 90, 2020: 100 }),
    unit('1208001008', 'Pag-asa', 'Bgy', '1208001000', { 2015: 90, 2020: 100 }),
    unit('1208001014', 'New Canaan', 'Bgy', '1208001000', { 2015: null, 2020: null }),
  ],
});

const list2Q2025 = (): CensusList => ({
  vintage: '2Q 2025',
  censuses: [2020],
  notes: new Map([
    ['1380100189', { 2020: 'including the population count of Barangays 176-B' }],
    // Region VI's row kept Negros in it: its barangays say otherwise.
    ['0600000000', { 2020: 'including the population of Negros Occidental that was transferred to NIR' }],
  ]),
  units: [
    unit('0600000000', 'Region VI (Western Visayas)', 'Reg', null, { 2020: 1600 }),
    unit('0603000000', 'Iloilo', 'Prov', '0600000000', { 2020: 500 }),
    unit('0603001000', 'Ajuy', 'Mun', '0603000000', { 2020: 500 }),
    unit('0603001001', 'Adcadarao', 'Bgy', '0603001000', { 2020: 500 }),
    unit('1800000000', 'Negros Island Region (NIR)', 'Reg', null, { 2020: 1100 }),
    unit('1804500000', 'Negros Occidental', 'Prov', '1800000000', { 2020: 1100 }),
    unit('1804502000', 'City of Bago', 'City', '1804500000', { 2020: 1100 }),
    unit('1804502001', 'Abuanan', 'Bgy', '1804502000', { 2020: 1100 }),
    unit('1300000000', 'National Capital Region (NCR)', 'Reg', null, { 2020: 320 }),
    unit('1380100000', 'City of Caloocan', 'City', '1300000000', { 2020: 320 }),
    unit('1380100177', 'Barangay 177', 'Bgy', '1380100000', { 2020: 60 }),
    unit('1380100189', 'Barangay 176-A', 'Bgy', '1380100000', { 2020: 260 }),
    unit('1380100190', 'Barangay 176-B', 'Bgy', '1380100000', { 2020: null }),
    unit('1208001000', 'Sarangani', 'Mun', null, { 2020: 100 }),
    unit('1208001008', 'Pag-asa', 'Bgy', '1208001000', { 2020: 100 }),
    unit('1208001014', 'New Canaan', 'Bgy', '1208001000', { 2020: null }),
  ],
});

/** The built list: its own 2024 counts, and the other censuses to be joined. */
const built = (): CensusList => {
  const units = list2Q2025().units.map((u) => ({ ...u, census: {} as Census }));
  const counts: Record<string, number> = {
    '0600000000': 520,
    '0603000000': 520,
    '0603001000': 520,
    '0603001001': 520,
    '1800000000': 1150,
    '1804500000': 1150,
    '1804502000': 1150,
    '1804502001': 1150,
    '1300000000': 330,
    '1380100000': 330,
    '1380100177': 62,
    '1380100189': 130,
    '1380100190': 138,
    '1208001000': 110,
    '1208001008': 70,
    '1208001014': 40,
  };
  for (const u of units) u.census = { 2024: counts[u.code] };
  return { vintage: '3Q 2025', censuses: [2024], notes: new Map(), units };
};

describe('joinCensuses: older censuses on the units of today', () => {
  const list = built();
  const joins = joinCensuses(list, [list4Q2023(), list2Q2025()]);
  const of = (code: string) => list.units.find((u) => u.code === code)!;

  test('takes each census from the newest older list that has it', () => {
    expect(joins.map((j) => [j.year, j.from])).toEqual([
      [2015, '4Q 2023'],
      [2020, '2Q 2025'],
    ]);
  });

  test('a recoded unit keeps its counts under its new code: Negros Occidental, 0604500000 → 1804500000', () => {
    expect(of('1804502001').census).toEqual({ 2015: 1000, 2020: 1100, 2024: 1150 });
    expect(of('1804500000').census).toEqual({ 2015: 1000, 2020: 1100, 2024: 1150 });
    // The new region's 2015 count is its barangays', though no list of 2015 had it.
    expect(of('1800000000').census[2015]).toBe(1000);
  });

  test("a unit above the barangays counts the people of its territory of today, not its row's of then", () => {
    // Region VI lost Negros: 4Q 2023 gave it 1,500 in 2015 and 2Q 2025 still 1,600 in 2020 (with Negros).
    expect(of('0600000000').census).toEqual({ 2015: 500, 2020: 500, 2024: 520 });
    const differs = joins.find((j) => j.year === 2020)!.differs;
    expect(differs).toContainEqual(
      expect.objectContaining({
        code: '0600000000',
        sum: 500,
        listed: 1600,
        note: expect.stringMatching(/^including/),
      }),
    );
  });

  test('the parts of a split barangay have no count of their own before they existed; their town counts the whole', () => {
    for (const code of ['1380100189', '1380100190']) {
      expect(of(code).census[2015]).toBeNull();
      expect(of(code).census[2020]).toBeNull();
    }
    expect(of('1380100189').censusNotes?.[2020]).toBe(
      "260 in PSA's 2Q 2025 list, including the population count of Barangays 176-B",
    );
    expect(of('1380100190').censusNotes?.[2020]).toBe("counted with Barangay 176-A in PSA's 2Q 2025 list (260)");
    // Barangay 176 (2015: 240) had no counterpart: its people count in Caloocan still.
    expect(of('1380100000').census).toEqual({ 2015: 300, 2020: 320, 2024: 330 });
    expect(joins.find((j) => j.year === 2020)!.withheld).toEqual([
      expect.objectContaining({ code: '1380100189', count: 260 }),
    ]);
  });

  test('a barangay new since 2015 has no 2015 count, and its mother none of her own then either', () => {
    expect(of('1208001014').census).toEqual({ 2015: null, 2020: null, 2024: 40 });
    expect(of('1208001008').census[2015]).toBeNull();
    expect(of('1208001014').censusNotes?.[2015]).toBe("counted with Pag-asa in PSA's 4Q 2023 list (90)");
    // 2Q 2025 gives Pag-asa a count with no note: its own.
    expect(of('1208001008').census[2020]).toBe(100);
    expect(of('1208001000').census).toEqual({ 2015: 90, 2020: 100, 2024: 110 });
  });

  test('gives every unit its growth 2020 → 2024, null where a count is missing', () => {
    expect(of('1804500000').growth2020to2024).toBe(1.07);
    expect(of('1380100190').growth2020to2024).toBeNull();
    expect(of('0600000000').growth2020to2024).toBe(0.95);
  });
});

describe('joinCensuses on a list with no later census', () => {
  test('adds 2015 and no growth', () => {
    const list = { ...list2Q2025(), vintage: '2Q 2025' };
    joinCensuses(list, [list4Q2023()]);
    const abuanan = list.units.find((u) => u.code === '1804502001')!;
    expect(abuanan.census).toEqual({ 2015: 1000, 2020: 1100 });
    expect(abuanan.growth2020to2024).toBeUndefined();
  });
});
