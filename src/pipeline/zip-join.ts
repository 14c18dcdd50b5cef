import { foldCaseSpacesAndMarks } from '../contract/names.ts';
import type { Hierarchy, Unit } from '../dataset/types.ts';
import type { ZipRow } from './zip-table.ts';

/**
 * The table's province headers that are not the code list's names. Kalinga-Apayao was split in 1995 and
 * Maguindanao in 2022: their rows are looked for in both parts.
 */
const PROVINCE_ALIASES: Record<string, string[]> = {
  'quezon province': ['Quezon'],
  'rizal province': ['Rizal'],
  'kalinga-apayao': ['Kalinga', 'Apayao'],
  'compostela valley': ['Davao de Oro'],
  'north cotabato': ['Cotabato'],
  'western samar': ['Samar'],
  'dinagat island': ['Dinagat Islands'],
  maguindanao: ['Maguindanao del Norte', 'Maguindanao del Sur'],
};

/**
 * Manila's post offices that are not named after a district of the code list: San Andres Bukid's barangays
 * (Barangay 777–832) are coded under Santa Ana, and Santa Mesa's (Barangay 587–636) under Sampaloc.
 */
const MANILA_DISTRICT_OF: Record<string, string> = {
  sanandresbukid: 'Santa Ana',
  santamesa: 'Sampaloc',
};

const ABBREVIATIONS: Record<string, string> = {
  sta: 'santa',
  sto: 'santo',
  sn: 'san',
  gen: 'general',
  pres: 'president',
  pre: 'president',
  sen: 'senator',
  gov: 'governor',
};

/** Words that say what a unit is, not which: dropped from both sides before comparing. */
const DROPPED = new Set([
  'city',
  'of',
  'municipality',
  'province',
  'formerly',
  'capital',
  'pob',
  'poblacion',
  'cpo',
  'po',
]);

/**
 * The keys a name is compared by: the crosswalk's folding (case, accents, spaces; so the pipeline compares names
 * one way), then punctuation off, the usual abbreviations spelt out, the words that say what it is dropped, and
 * the words run together ("Lapu-Lapu" = "Lapu Lapu"). A parenthesis or a slash gives another form ("Banna
 * (formerly Espiritu)" is "banna" and "espiritu"), and a name ending in a direction or a numeral also stands
 * without it ("Sampaloc East", "Tondo I/II" → "sampaloc", "tondo").
 */
export function zipNameKeys(name: string): string[] {
  const keys = new Set<string>();
  for (const words of zipNameForms(name)) {
    keys.add(words.join(''));
    const bare = [...words];
    while (bare.length > 1 && /^(north|south|east|west|norte|sur|i|ii|iii|iv|[0-9]+)$/.test(bare[bare.length - 1])) {
      bare.pop();
    }
    keys.add(bare.join(''));
  }
  return [...keys];
}

/** The forms of a name as words, each form as zipNameKeys reads them. */
function zipNameForms(name: string): string[][] {
  const folded = foldCaseSpacesAndMarks(name).replace(/[.'’]/g, ' ');
  const forms = [folded.replace(/\([^)]*\)/g, ' '), ...[...folded.matchAll(/\(([^)]*)\)/g)].map((m) => m[1])];
  return forms
    .flatMap((f) => [f, ...f.split(/\s+-\s+|\/|,/)])
    .map((form) =>
      form
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .map((w) => ABBREVIATIONS[w] ?? w)
        .filter((w) => !DROPPED.has(w)),
    )
    .filter((words) => words.length);
}

/**
 * Whether one name is the other with words left out or cut to their initial, ending alike ("Gen. M. Natividad"
 * General Mamerto Natividad, "Gen. Aguinaldo" General Emilio Aguinaldo, "Gen. S.K. Pendatun" General Salipada K.
 * Pendatun), or the same words in another order ("Ramain-Ditsaan" Ditsaan-Ramain).
 */
function shortensOrReorders(a: string[], b: string[]): boolean {
  if (a.length < 2 || b.length < 2) return false;
  if (a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ')) return true;
  const within = (short: string[], long: string[]) => {
    if (short[short.length - 1] !== long[long.length - 1] || short.length > long.length) return false;
    let j = 0;
    for (const w of short) {
      while (j < long.length && long[j] !== w && !(w.length === 1 && long[j][0] === w)) j++;
      if (j++ >= long.length) return false;
    }
    return true;
  };
  return within(a, b) || within(b, a);
}

const TOWN_LEVELS = new Set<Unit['level']>(['City', 'Mun', 'SGU']);

/** How a row of the table was joined to a town (joinZipCodes). */
export type ZipJoinRule = 'town' | 'near' | 'barangay' | 'city' | 'district';

/** The join in the build report (report.json `zip`). */
export interface ZipReport {
  source: string;
  rows: number;
  joined: number;
  byRule: Record<ZipJoinRule, number>;
  /** Rows not joined, with the reason. */
  unjoined: { sheet: string; row: number; header: string; name: string; zip: string; reason: string }[];
  /** Distinct ZIP codes in the table. */
  zipCodes: number;
  /** Cities, municipalities and SGUs of the code list, and how many have at least one ZIP code. */
  towns: { total: number; withZip: number };
  withoutZip: { code: string; name: string }[];
}

/** What joinZipCodes gives: each town's ZIP codes (and Manila's districts'), and the report. */
export interface ZipJoin {
  /** Town (City, Mun, SGU, SubMun) code → its ZIP codes, sorted. */
  zipsOf: Map<string, string[]>;
  report: ZipReport;
}

/** Levenshtein distance, or max + 1 once it must exceed max. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    if (Math.min(...current) > max) return max + 1;
    previous = current;
  }
  return previous[b.length];
}

/**
 * Whether two keys name one place spelt two ways: within one edit (two from ten letters: "Carrangalan"
 * Carranglan, "Jetafe" Getafe, "Enrique Magalona" Enrique B. Magalona), or one the other's start or end, of five
 * letters or more ("Muñoz" Science City of Muñoz, "Samal" Island Garden City of Samal, "Sergio Osmeña" Sergio
 * Osmeña Sr.).
 */
export function nearKeys(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (short.length >= 5 && (long.startsWith(short) || long.endsWith(short))) return true;
  if (short.length < 6) return false;
  const max = short.length >= 10 ? 2 : 1;
  return editDistance(a, b, max) <= max;
}

/** Codes of the units among `candidates` one of whose keys is one of `keys`. */
function byKeys(candidates: Unit[], keys: string[], keysOf: (u: Unit) => string[]): Unit[] {
  const want = new Set(keys);
  return candidates.filter((u) => keysOf(u).some((k) => want.has(k)));
}

/**
 * Joins the ZIP table to the code list by name within each province (or NCR city), as the table is laid out:
 *
 * - under a province, a row named as one of its cities or municipalities (or an independent city that lies in
 *   it) is that town's (`town`); else a row named as a barangay of exactly one of its towns is that town's post
 *   office (`barangay`: Canlubang → Calamba);
 * - under an NCR city, every row is one of that city's localities (`city`); under Manila, rows are its districts
 *   (`district`), and the city has all their ZIP codes.
 *
 * A row that names no unit, or more than one, is not joined and is listed in the report with the reason.
 */
export function joinZipCodes(rows: ZipRow[], units: Unit[], hierarchy: Hierarchy, source: string): ZipJoin {
  const keysCache = new Map<string, string[]>();
  // A town's old names count as its names (Wright is Paranas, Bumbaran is Amai Manabilang)
  const keysOf = (u: Unit) => {
    const known = keysCache.get(u.code);
    if (known) return known;
    const keys = [u.name, ...u.oldNames].flatMap(zipNameKeys);
    keysCache.set(u.code, keys);
    return keys;
  };
  const provinces = units.filter((u) => u.level === 'Prov');
  const towns = units.filter((u) => TOWN_LEVELS.has(u.level));
  const ncrTowns = towns.filter((u) => u.code.startsWith('13'));
  const barangaysOf = new Map<string, Unit[]>();
  for (const u of units) {
    if (u.level !== 'Bgy' || !u.parent) continue;
    // Manila's barangays sit under its districts: they count for the district, which the city's rows name
    const list = barangaysOf.get(u.parent) ?? [];
    list.push(u);
    barangaysOf.set(u.parent, list);
  }
  const districtsOf = new Map<string, Unit[]>();
  for (const u of units) {
    if (u.level !== 'SubMun' || !u.parent) continue;
    districtsOf.set(u.parent, [...(districtsOf.get(u.parent) ?? []), u]);
  }
  const townsIn = new Map<string, Unit[]>();
  for (const t of towns) {
    const province = hierarchy.geoProvince[t.code] ?? t.parent;
    if (!province) continue;
    townsIn.set(province, [...(townsIn.get(province) ?? []), t]);
  }
  const provinceOf = (header: string): Unit[] => {
    const names = PROVINCE_ALIASES[foldCaseSpacesAndMarks(header)];
    if (names) return provinces.filter((p) => names.includes(p.name));
    return provinces.filter((p) => foldCaseSpacesAndMarks(p.name) === foldCaseSpacesAndMarks(header));
  };

  const zips = new Map<string, Set<string>>();
  const add = (code: string, zip: string) => {
    const set = zips.get(code) ?? new Set<string>();
    set.add(zip);
    zips.set(code, set);
  };
  const byRule: Record<ZipJoinRule, number> = { town: 0, near: 0, barangay: 0, city: 0, district: 0 };
  const unjoined: ZipReport['unjoined'] = [];
  const miss = (row: ZipRow, reason: string) =>
    unjoined.push({ sheet: row.sheet, row: row.row, header: row.header, name: row.name, zip: row.zip, reason });

  for (const row of rows) {
    const keys = zipNameKeys(row.name);
    if (row.sheet === 'METRO MANILA') {
      const city = byKeys(ncrTowns, zipNameKeys(row.header), keysOf);
      if (city.length !== 1) {
        miss(row, city.length ? `"${row.header}" names ${city.length} NCR towns` : `no NCR town "${row.header}"`);
        continue;
      }
      const districts = districtsOf.get(city[0].code);
      if (!districts) {
        add(city[0].code, row.zip);
        byRule.city++;
        continue;
      }
      const named = keys.map((k) => MANILA_DISTRICT_OF[k]).find(Boolean);
      const district = named ? districts.filter((d) => d.name === named) : byKeys(districts, keys, keysOf);
      if (district.length !== 1) {
        miss(row, `names ${district.length ? 'more than one' : 'no'} district of ${city[0].name}`);
        continue;
      }
      add(district[0].code, row.zip);
      add(city[0].code, row.zip);
      byRule.district++;
      continue;
    }
    const inProvince = provinceOf(row.header).flatMap((p) => townsIn.get(p.code) ?? []);
    if (!inProvince.length) {
      miss(row, `no province "${row.header}" in the code list`);
      continue;
    }
    let town = byKeys(inProvince, keys, keysOf);
    // "San Jose" and "San Jose de Buenavista": the one whose main name is the row's
    if (town.length > 1) town = town.filter((t) => keysOf(t)[0] === keys[0]);
    if (town.length === 1) {
      add(town[0].code, row.zip);
      byRule.town++;
      continue;
    }
    if (town.length > 1) {
      miss(row, `names ${town.length} towns of ${row.header}: ${town.map((t) => t.name).join(', ')}`);
      continue;
    }
    // "Quezon Capitol" is the province's capitol (in Lucena), not the town of Quezon: a town named as the
    // province is never found by the start of a longer name
    const provinceKeys = new Set(zipNameKeys(row.header));
    const forms = zipNameForms(row.name);
    const near = inProvince.filter(
      (t) =>
        keysOf(t).some((k) => !provinceKeys.has(k) && keys.some((r) => nearKeys(k, r))) ||
        [t.name, ...t.oldNames].some((n) => zipNameForms(n).some((f) => forms.some((r) => shortensOrReorders(f, r)))),
    );
    if (near.length === 1) {
      add(near[0].code, row.zip);
      byRule.near++;
      continue;
    }
    const withBarangay = inProvince.filter(
      (t) =>
        byKeys(
          (districtsOf.get(t.code) ?? [t]).flatMap((d) => barangaysOf.get(d.code) ?? []),
          keys,
          keysOf,
        ).length > 0,
    );
    if (withBarangay.length === 1) {
      add(withBarangay[0].code, row.zip);
      byRule.barangay++;
      continue;
    }
    miss(
      row,
      near.length > 1
        ? `spelt like ${near.length} towns of ${row.header}: ${near.map((t) => t.name).join(', ')}`
        : withBarangay.length
          ? `no town of ${row.header} by that name; a barangay of ${withBarangay.length} towns is`
          : `no town or barangay of ${row.header} by that name`,
    );
  }

  const zipsOf = new Map([...zips].map(([code, set]) => [code, [...set].sort()]));
  const allTowns = towns;
  const joined = rows.length - unjoined.length;
  return {
    zipsOf,
    report: {
      source,
      rows: rows.length,
      joined,
      byRule,
      unjoined,
      zipCodes: new Set(rows.map((r) => r.zip)).size,
      towns: { total: allTowns.length, withZip: allTowns.filter((t) => zipsOf.has(t.code)).length },
      withoutZip: allTowns.filter((t) => !zipsOf.has(t.code)).map((t) => ({ code: t.code, name: t.name })),
    },
  };
}
