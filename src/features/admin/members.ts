/**
 * A new region's members as the admin form handles them: the places that can move, found by name,
 * and the sentence that says what a reorganization moves where.
 */
import type { RegionPreview } from '../../api/regions.ts';
import { foldName } from '../../contract/names.ts';

/** A place that can move into a new region: a province, an independent city, or Metro Manila (its districts). */
export interface Pickable {
  /** What the API takes in province_ids: a PSGC code, or Metro Manila's province id. */
  id: string;
  name: string;
  kind: 'province' | 'city';
  /** The region it is in now. */
  region: string;
  /** The outlines on the map it is drawn as (PSGC codes). */
  areas: string[];
}

/** Metro Manila's province id: its districts are drawn as areas of their own, but move together. */
const METRO_MANILA = '13000';

export function pickableOf(area: { code: string; name: string; level: string }, region: string): Pickable {
  if (area.level === 'Dist') {
    return { id: METRO_MANILA, name: 'Metro Manila', kind: 'province', region, areas: [area.code] };
  }
  const kind = area.level === 'City' ? 'city' : 'province';
  return { id: area.code, name: area.name, kind, region, areas: [area.code] };
}

/** The places, each once, Metro Manila with all its districts. */
export function mergePickables(places: Pickable[]): Pickable[] {
  const byId = new Map<string, Pickable>();
  for (const place of places) {
    const known = byId.get(place.id);
    if (known) known.areas = [...known.areas, ...place.areas];
    else byId.set(place.id, { ...place, areas: [...place.areas] });
  }
  return [...byId.values()];
}

/** A name as compared (the service's foldName, src/contract/names.ts), without a leading "City of". */
const folded = (text: string) => foldName(text).replace(/^(city of|province of) /, '');

/**
 * Places whose name holds the text, those starting with it first; then, as the main search does, names a typo or
 * two away from it ("camigin" finds Camiguin): the text against the start of each word of the name, allowing one
 * edit from four letters and two from eight. At most `limit`.
 */
export function searchPickables(places: Pickable[], text: string, limit: number): Pickable[] {
  const needle = folded(text);
  if (!needle) return [];
  const hits = places.filter((p) => folded(p.name).includes(needle) || foldName(p.name).includes(needle));
  const starts = (p: Pickable) => (folded(p.name).startsWith(needle) ? 0 : 1);
  const found = hits.sort((a, b) => starts(a) - starts(b) || a.name.localeCompare(b.name));
  const allowed = needle.length >= 8 ? 2 : needle.length >= 4 ? 1 : 0;
  if (found.length >= limit || !allowed) return found.slice(0, limit);
  const near = places
    .filter((p) => !hits.includes(p))
    .map((p) => ({ p, edits: Math.min(...wordStarts(folded(p.name)).map((rest) => prefixEdits(needle, rest))) }))
    .filter(({ edits }) => edits <= allowed)
    .sort((a, b) => a.edits - b.edits || a.p.name.localeCompare(b.p.name))
    .map(({ p }) => p);
  return [...found, ...near].slice(0, limit);
}

/** A name from each of its words on: "misamis oriental", "oriental". */
const wordStarts = (name: string) => name.split(' ').map((_, i, words) => words.slice(i).join(' '));

/**
 * The fewest edits (a letter added, dropped or changed) that make `needle` the start of `name`: the Levenshtein
 * distance to the closest prefix of the name, so a name typed halfway with a typo is found.
 */
export function prefixEdits(needle: string, name: string): number {
  let row = Array.from({ length: name.length + 1 }, () => 0); // any prefix of the name is free to stop at
  for (let i = 1; i <= needle.length; i++) {
    const next = [i];
    for (let j = 1; j <= name.length; j++) {
      const change = row[j - 1] + (needle[i - 1] === name[j - 1] ? 0 : 1);
      next[j] = Math.min(change, row[j] + 1, next[j - 1] + 1);
    }
    row = next;
  }
  return Math.min(...row);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const and = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
/** Region short codes that read as numbers ("Regions VI and VII"); others are named as they are (CAR, NCR). */
const NUMBERED = /^(I{1,3}|IV|IVA|IVB|V|VI{0,3}|IX|X|XI{0,2}|XIII)$/;

/** "3 provinces and 1 city move from Regions VI and VII". */
export function movesSentence(moves: RegionPreview['moves']): string {
  const provinces = moves.filter((m) => m.kind === 'province').length;
  const cities = moves.length - provinces;
  const what = and([
    ...(provinces ? [count(provinces, 'province', 'provinces')] : []),
    ...(cities ? [count(cities, 'city', 'cities')] : []),
  ]);
  const from = [...new Map(moves.flatMap((m) => (m.from ? [[m.from.code, m.from] as const] : []))).values()];
  const numbered = from.filter((r) => NUMBERED.test(r.code)).map((r) => r.code);
  const named = from.filter((r) => !NUMBERED.test(r.code)).map((r) => r.name);
  const regions = [
    ...(numbered.length ? [`${numbered.length > 1 ? 'Regions' : 'Region'} ${and(numbered)}`] : []),
    ...named,
  ];
  return `${what} ${moves.length === 1 ? 'moves' : 'move'} from ${and(regions)}`;
}
