/**
 * The geocode benchmark's queries: written from the code list the way people type Philippine places, each
 * with its known answer (a PSGC code). Built deterministically (a seeded choice of units per kind) from the
 * built data, so it follows the vintage; plus a few hand-written everyday queries.
 */
import type { Unit } from '../src/dataset/types.ts';

export interface BenchQuery {
  kind: string;
  q: string;
  expected: string;
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

export function buildQueries(units: Unit[], geoProvince: Record<string, string>): BenchQuery[] {
  const random = rng(20231231);
  const pick = <T>(items: T[], n: number) => {
    const pool = [...items];
    const out: T[] = [];
    while (out.length < n && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
    return out;
  };
  const byCode = new Map(units.map((u) => [u.code, u]));
  const towns = units.filter((u) => u.level === 'City' || u.level === 'Mun');
  const provinceOf = (t: Unit) => byCode.get(geoProvince[t.code] ?? t.parent ?? '');
  const nameCount = new Map<string, number>();
  for (const t of towns)
    nameCount.set(stripAccents(t.name).toLowerCase(), (nameCount.get(stripAccents(t.name).toLowerCase()) ?? 0) + 1);
  const unique = towns.filter((t) => nameCount.get(stripAccents(t.name).toLowerCase()) === 1);
  const out: BenchQuery[] = [];
  const add = (kind: string, q: string, unit: Unit) => out.push({ kind, q, expected: unit.code });

  // 1. A town by its name, as listed.
  for (const t of pick(unique, 40)) add('town name', t.name, t);
  // 2. "X City" for "City of X", lower case.
  for (const t of pick(
    unique.filter((t) => t.name.startsWith('City of ')),
    30,
  )) {
    add('X City', `${t.name.slice(8)} city`.toLowerCase(), t);
  }
  // 3. Names with ñ typed without it.
  for (const t of pick(
    units.filter((u) => /ñ/i.test(u.name) && (u.level === 'City' || u.level === 'Mun')),
    20,
  )) {
    add('no ñ', stripAccents(t.name).replace(/^City of /, ''), t);
  }
  // 4. Santo/Santa written Sto./Sta., with the province.
  for (const t of pick(
    towns.filter((t) => /^(Santo|Santa) /.test(t.name)),
    20,
  )) {
    const q = t.name.replace(/^Santo /, 'Sto. ').replace(/^Santa /, 'Sta. ');
    add('Sto./Sta.', `${q}, ${provinceOf(t)?.name ?? ''}`, t);
  }
  // 5. One typo in a town name of 7+ letters: a letter dropped, doubled, swapped or replaced.
  for (const t of pick(
    unique.filter((t) => /^[A-Za-z]{7,}$/.test(t.name)),
    60,
  )) {
    const w = t.name;
    const i = 1 + Math.floor(random() * (w.length - 3));
    const typos = [
      w.slice(0, i) + w.slice(i + 1),
      w.slice(0, i) + w[i] + w.slice(i),
      w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2),
      w.slice(0, i) + (w[i] === 'a' ? 'e' : 'a') + w.slice(i + 1),
    ];
    add('typo', typos[Math.floor(random() * typos.length)].toLowerCase(), t);
  }
  // 6. Duplicate town names, with their province.
  const duplicated = towns.filter((t) => (nameCount.get(stripAccents(t.name).toLowerCase()) ?? 0) > 1);
  for (const t of pick(duplicated, 40)) add('duplicate + province', `${t.name}, ${provinceOf(t)?.name ?? ''}`, t);
  // 7. Duplicate names alone: the most populous is the one meant.
  const groups = new Map<string, Unit[]>();
  for (const t of duplicated) groups.set(t.name, [...(groups.get(t.name) ?? []), t]);
  for (const [name, group] of pick([...groups], 15)) {
    const top = group.reduce((a, b) => ((a.population ?? 0) >= (b.population ?? 0) ? a : b));
    add('duplicate alone', name, top);
  }
  // 8. A barangay with its town, sometimes written "Brgy.".
  const barangays = units.filter((u) => u.level === 'Bgy' && !/^Barangay \d/.test(u.name));
  for (const [i, b] of pick(barangays, 50).entries()) {
    let town = byCode.get(b.parent ?? '');
    if (town?.level === 'SubMun') town = byCode.get(town.parent ?? '');
    if (!town) continue;
    add('barangay + town', `${i % 2 ? 'Brgy. ' : ''}${b.name}, ${town.name.replace(/^City of /, '')}`, b);
  }
  // 9. Provinces, some by their old names.
  for (const p of pick(
    units.filter((u) => u.level === 'Prov'),
    15,
  ))
    add('province', p.name, p);
  for (const p of units.filter((u) => u.level === 'Prov' && u.oldNames.length)) add('old name', p.oldNames[0], p);

  // 10. Everyday queries, written by hand.
  const code = (name: string, level: string) => units.find((u) => u.name === name && u.level === level);
  const everyday: [string, string, string][] = [
    ['Metro Manila', 'National Capital Region (NCR)', 'Reg'],
    ['NCR', 'National Capital Region (NCR)', 'Reg'],
    ['calabarzon', 'Region IV-A (CALABARZON)', 'Reg'],
    ['Region 7', 'Region VII (Central Visayas)', 'Reg'],
    ['BARMM', 'Bangsamoro Autonomous Region In Muslim Mindanao (BARMM)', 'Reg'],
    ['Quezon City', 'Quezon City', 'City'],
    ['QC', 'Quezon City', 'City'],
    ['Makati', 'City of Makati', 'City'],
    ['Paranaque', 'City of Parañaque', 'City'],
    ['Las Pinas City', 'City of Las Piñas', 'City'],
    ['Cebu City', 'City of Cebu', 'City'],
    ['Davao City', 'City of Davao', 'City'],
    ['Compostela Valley', 'Davao de Oro', 'Prov'],
    ['Baguio', 'City of Baguio', 'City'],
    ['Dasmarinas', 'City of Dasmariñas', 'City'],
    ['Bacolod', 'City of Bacolod', 'City'],
    ['Tagaytay', 'City of Tagaytay', 'City'],
    ['Zamboanga City', 'City of Zamboanga', 'City'],
  ];
  for (const [q, name, level] of everyday) {
    const unit = code(name, level);
    if (unit) add('everyday', q, unit);
  }
  return out;
}
