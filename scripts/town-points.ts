/**
 * Our cities' and municipalities' points against a published reference of where their town proper is
 * (scripts/build-town-points.ts builds it; docs/data.md, "Town points", says what it is): the reference rows
 * joined to the built gazetteer by province and name, and the distance from each of our points to its
 * reference point. `bench:geocode` prints the summary; `npm run bench:town-points` the summary by rule and,
 * with --misses, every town farther than 2 km.
 */
import fs from 'node:fs';
import Papa from 'papaparse';
import type { GazetteerEntry, Hierarchy } from '../src/dataset/types.ts';
import { half } from './eval-set.ts';

/** What the reference is, as the benchmarks name it. */
export const TOWN_REFERENCE = "Wikipedia's town coordinates as copied by elradinn/byahe-net-properties @ 79accf4";

export interface ReferenceRow {
  id: string;
  province: string;
  town: string;
  lat: number;
  lng: number;
  precision: 'minute' | 'second';
}

export function readReference(path: string): ReferenceRow[] {
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(path, 'utf8'), { header: true });
  return parsed.data
    .filter((r) => r.id)
    .map((r) => ({
      id: r.id,
      province: r.province,
      town: r.town,
      lat: Number(r.lat),
      lng: Number(r.lng),
      precision: r.precision === 'second' ? 'second' : 'minute',
    }));
}

/** Lower case, no accents, punctuation or "City of", abbreviations spelled out. */
function key(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(capital\)/g, ' ')
    .replace(/\bsta\.? /g, 'santa ')
    .replace(/\bsto\.? /g, 'santo ')
    .replace(/\bgen\.? /g, 'general ')
    .replace(/\bpres\.? /g, 'president ')
    .replace(/['’.]/g, '')
    .replace(/[-,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^city of /, '')
    .replace(/ city$/, '');
}
/** The name, and the name without what is in parentheses ("Banna (Espiritu)" is also "Banna"). */
const keys = (name: string) => [...new Set([key(name), key(name.replace(/\([^)]*\)/g, ' '))])];

/**
 * Provinces the reference names by an older name or boundary: Compostela Valley is Davao de Oro; Maguindanao
 * was split in two (2022); Davao Occidental (2013) and Dinagat Islands (2006) were parts of the provinces the
 * reference still files their towns under; Metro Manila is the region.
 */
const PROVINCE_ALIASES: Record<string, string[]> = {
  'compostela valley': ['davao de oro'],
  maguindanao: ['maguindanao del norte', 'maguindanao del sur', 'special geographic area'],
  'davao del sur': ['davao del sur', 'davao occidental'],
  'surigao del norte': ['surigao del norte', 'dinagat islands'],
  cotabato: ['cotabato', 'special geographic area'],
  'metro manila': ['national capital region (ncr)'],
};

export interface Joined {
  ref: ReferenceRow;
  town: GazetteerEntry;
  km: number;
}

export interface Join {
  joined: Joined[];
  /** Reference rows that name no town of the build, or more than one. */
  unmatched: { ref: ReferenceRow; candidates: number }[];
  /** Towns of the build no reference row names. */
  towns: number;
}

/** Each reference row's town in the build: the one town of that name in that province (or its successors). */
export function joinReference(rows: ReferenceRow[], gazetteer: GazetteerEntry[], hierarchy: Hierarchy): Join {
  const byCode = new Map(gazetteer.map((g) => [g.code, g]));
  const towns = gazetteer.filter((g) => (g.level === 'City' || g.level === 'Mun') && g.point);
  const index = new Map<string, GazetteerEntry[]>();
  for (const t of towns) {
    // The province a town lies in: its own, the one an independent city lies in, or its region (NCR).
    const province = [hierarchy.geoProvince[t.code], ...t.chain]
      .map((c) => (c ? byCode.get(c) : undefined))
      .find((p) => p && (p.level === 'Prov' || p.level === 'SGA' || p.level === 'Reg'));
    const inProvince = [province, ...t.chain.map((c) => byCode.get(c))].filter((p) => p).map((p) => key(p!.name));
    for (const k of keys(t.name)) {
      for (const p of new Set(inProvince)) {
        const list = index.get(`${p}|${k}`) ?? [];
        if (!list.includes(t)) list.push(t);
        index.set(`${p}|${k}`, list);
      }
    }
  }
  const joined: Joined[] = [];
  const unmatched: Join['unmatched'] = [];
  const seen = new Set<string>();
  for (const ref of rows) {
    const provinces = PROVINCE_ALIASES[key(ref.province)] ?? [key(ref.province)];
    const found = new Set<GazetteerEntry>();
    for (const p of provinces)
      for (const k of keys(ref.town)) for (const t of index.get(`${p}|${k}`) ?? []) found.add(t);
    const [town] = found;
    if (found.size !== 1 || seen.has(town.code)) {
      unmatched.push({ ref, candidates: found.size });
      continue;
    }
    seen.add(town.code);
    joined.push({ ref, town, km: km(town.point!, [ref.lng, ref.lat]) });
  }
  return { joined, unmatched, towns: towns.length };
}

/** Great-circle distance in km between two [lng, lat]. */
export function km(a: [number, number], b: [number, number]): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b[1] - a[1]) * rad) / 2) ** 2 +
    Math.cos(a[1] * rad) * Math.cos(b[1] * rad) * Math.sin(((b[0] - a[0]) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export interface Figure {
  n: number;
  within2km: number;
  medianKm: number;
}
export function figure(rows: Joined[]): Figure {
  const d = rows.map((r) => r.km).sort((a, b) => a - b);
  const mid = d.length >> 1;
  return {
    n: d.length,
    within2km: d.length ? d.filter((x) => x <= 2).length / d.length : 0,
    medianKm: d.length ? (d.length % 2 ? d[mid] : (d[mid - 1] + d[mid]) / 2) : 0,
  };
}

/** The half a town is in, by a hash of its code: "tune" was looked at while changing the rules, "held out" not. */
export const townHalf = (j: Joined) => half(j.town.code);

/** One line for bench:geocode: the share within 2 km and the median, in all and on the held-out half. */
export function townPointSummary(rows: ReferenceRow[], gazetteer: GazetteerEntry[], hierarchy: Hierarchy): string {
  const { joined, unmatched } = joinReference(rows, gazetteer, hierarchy);
  const held = figure(joined.filter((j) => townHalf(j) === 'held out'));
  return `Town points: ${formatFigure(figure(joined))}; held out ${formatFigure(held)}; of ${rows.length} reference rows, ${unmatched.length} not joined. Reference: ${TOWN_REFERENCE}.`;
}

export const formatFigure = (f: Figure) =>
  `${(100 * f.within2km).toFixed(1)}% within 2 km, median ${f.medianKm.toFixed(2)} km (n ${f.n})`;
