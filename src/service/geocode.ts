import type { GeocodeCandidate } from '../api/types.ts';
import type { GazetteerEntry } from '../dataset/types.ts';
import type { Dataset } from './dataset.ts';
import { badParam } from './errors.ts';
import { boundedDistance, deletions, parseName, romanToNumber, withinOneEdit } from './geocode-text.ts';
import { fold, intParam } from './params.ts';

/** Names people use for a few places that no list carries. */
const NICKNAMES: Record<string, string[]> = {
  'Quezon City': ['QC'],
  'City of General Santos': ['GenSan'],
  'City of Cagayan De Oro': ['CDO'],
  'City of Lapu-Lapu': ['Lapu Lapu', 'Opon'],
  'City of Puerto Princesa': ['PPC'],
  'Island Garden City of Samal': ['Samal Island'],
};

/** Rank of a level when scores tie: towns before the barangays that share their name. */
const LEVEL_RANK: Record<string, number> = {
  Reg: 0,
  Prov: 1,
  City: 2,
  Mun: 2,
  SGA: 3,
  Dist: 3,
  SGU: 4,
  SubMun: 5,
  Bgy: 6,
};

interface Entry {
  g: GazetteerEntry;
  path: { region_id: number; province_id: string | null; municity_id: number | null };
  /** Names of the places above, nearest first, as shown to users. */
  parents: string[];
  /** Keys the parents are known by, for matching context ("Batangas", "NCR"). */
  parentKeys: Set<string>;
}

/** The geocoder's index over the gazetteer, built once on first use. */
export class Geocoder {
  private readonly entries: Entry[] = [];
  private readonly byKey = new Map<string, { entry: number; alias: boolean }[]>();
  private readonly byDeletion = new Map<string, Set<string>>();

  constructor(data: Dataset, gazetteer: GazetteerEntry[]) {
    // Every name a unit is known by, and the same names parsed once (each unit is the parent of many).
    const namesOf = new Map<string, string[]>();
    const parsedOf = new Map<string, string[]>();
    for (const unit of data.units) {
      const names = [unit.name, ...unit.oldNames, ...(unit.level === 'City' ? (NICKNAMES[unit.name] ?? []) : [])];
      if (unit.level === 'Reg') {
        const acronym = unit.name.match(/\(([^)]+)\)/)?.[1];
        const numeral = unit.name.match(/^Region ([IVX]+(?:-[AB])?)/)?.[1];
        if (acronym) names.push(acronym);
        if (numeral) names.push(`Region ${numeral}`, `Region ${romanToNumber(numeral)}`);
        if (unit.code === '1300000000') names.push('Metro Manila', 'NCR', 'National Capital Region');
      }
      if (unit.level === 'Dist') names.push('Metro Manila');
      namesOf.set(unit.code, names);
      parsedOf.set(
        unit.code,
        names.map((n) => parseName(n).key),
      );
    }
    const display = (code: string): string => {
      const unit = data.byCode.get(code);
      return !unit ? '' : unit.level === 'Dist' ? 'Metro Manila' : unit.name;
    };
    for (const g of gazetteer) {
      if (!g.point) continue;
      const chain = [...g.chain].reverse();
      const geoProvince =
        data.hierarchy.geoProvince[g.code] ?? chain.map((c) => data.hierarchy.geoProvince[c]).find(Boolean);
      const parentCodes = geoProvince ? insertAfterTown(chain, geoProvince, data) : chain;
      const parents = [...new Set(parentCodes.map(display).filter(Boolean))];
      // NCR's towns are listed under Metro Manila: the 4Q 2023 list reaches it through a district, the 4Q 2024
      // list (which has no districts) puts them straight under the region, so name it here.
      if (g.code.startsWith('13') && g.level !== 'Reg' && !parents.includes('Metro Manila')) {
        parents.splice(parents.length - 1, 0, 'Metro Manila');
      }
      // Display names are the units' own names (or Metro Manila, a name of every district), so these cover them.
      const parentKeys = new Set(parentCodes.flatMap((c) => parsedOf.get(c) ?? []));
      const index = this.entries.push({ g, parents, parentKeys, path: explorerPath(data, g) }) - 1;
      (parsedOf.get(g.code) ?? [parseName(g.name).key]).forEach((key, i) => {
        this.addKey(key, index, i > 0);
      });
    }
  }

  private addKey(key: string, entry: number, alias: boolean) {
    if (!key) return;
    let list = this.byKey.get(key);
    if (!list) {
      list = [];
      this.byKey.set(key, list);
      for (const d of deletions(key)) {
        const set = this.byDeletion.get(d);
        if (set) set.add(key);
        else this.byDeletion.set(d, new Set([key]));
      }
    }
    if (!list.some((l) => l.entry === entry)) list.push({ entry, alias });
  }

  /** Keys equal to `key` (score 1), one edit away (0.75), or, for 4+ letters, starting with it (0.55). */
  private lookup(key: string): Map<number, number> {
    const found = new Map<number, number>();
    const add = (k: string, score: number) => {
      for (const { entry, alias } of this.byKey.get(k) ?? []) {
        const s = alias ? score - 0.05 : score;
        if ((found.get(entry) ?? 0) < s) found.set(entry, s);
      }
    };
    add(key, 1);
    if (key.length >= 4) {
      const near = new Set<string>();
      for (const d of deletions(key)) for (const k of this.byDeletion.get(d) ?? []) near.add(k);
      for (const k of near) if (k !== key && withinOneEdit(k, key)) add(k, 0.75);
    }
    if (found.size < 5 && key.length >= 4) {
      let n = 0;
      for (const k of this.byKey.keys()) {
        if (k.startsWith(key) && k !== key) {
          add(k, 0.55);
          if (++n > 200) break;
        }
      }
    }
    return found;
  }

  search(text: string, limit: number): GeocodeCandidate[] {
    const parts = text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const splits: { place: string; context: string[] }[] = [];
    if (parts.length > 1) splits.push({ place: parts[0], context: parts.slice(1) });
    else {
      const words = fold(parts[0] ?? '').split(' ');
      splits.push({ place: words.join(' '), context: [] });
      // "San Jose Batangas": try the last words as context too
      for (let k = words.length - 1; k >= 1; k--) {
        splits.push({ place: words.slice(0, k).join(' '), context: [words.slice(k).join(' ')] });
      }
    }
    const best = new Map<number, number>();
    for (const { place, context } of splits) {
      const parsed = parseName(place);
      if (!parsed.key) continue;
      const contextKeys = context.map((c) => parseName(c)).filter((c) => c.key);
      for (const c of context.map((c) => parseName(c))) for (const l of c.levels) parsed.levels.add(l);
      for (const [index, base] of this.lookup(parsed.key)) {
        const entry = this.entries[index];
        let score = base;
        for (const c of contextKeys) score += this.contextMatches(entry, c.key) ? 0.5 : -0.4;
        if (parsed.levels.size) score += parsed.levels.has(entry.g.level) ? 0.15 : -0.1;
        if (context.length === 0 && splits.length > 1 && place !== splits[0].place) score -= 0.01;
        if ((best.get(index) ?? -Infinity) < score) best.set(index, score);
      }
    }
    return [...best]
      .sort(([a, sa], [b, sb]) => {
        const ea = this.entries[a].g;
        const eb = this.entries[b].g;
        return sb - sa || LEVEL_RANK[ea.level] - LEVEL_RANK[eb.level] || (eb.population ?? 0) - (ea.population ?? 0);
      })
      .slice(0, limit)
      .map(([index, score]) => {
        const { g, parents, path } = this.entries[index];
        return {
          id: g.code,
          name: g.name,
          lat: g.point![1],
          lng: g.point![0],
          level: g.level,
          code: g.code,
          parents,
          score: Math.round(score * 1000) / 1000,
          ...path,
        };
      });
  }

  /**
   * For a query that matched nothing: up to three names within three edits of it, nearest first, then the
   * most populous. Only run on a miss, so its cost (a scan of every name) is paid rarely.
   */
  suggest(text: string): string[] {
    const key = parseName(text.split(',')[0] ?? '').key;
    if (key.length < 3) return [];
    const found: { name: string; distance: number; population: number }[] = [];
    for (const [k, list] of this.byKey) {
      if (Math.abs(k.length - key.length) > 3) continue;
      const distance = boundedDistance(key, k, 3);
      if (distance > 3) continue;
      const best = list
        .map((l) => this.entries[l.entry].g)
        .sort((a, b) => (b.population ?? 0) - (a.population ?? 0))[0];
      found.push({ name: best.name, distance, population: best.population ?? 0 });
    }
    found.sort((a, b) => a.distance - b.distance || b.population - a.population);
    return [...new Set(found.map((f) => f.name))].slice(0, 3);
  }

  private contextMatches(entry: Entry, key: string): boolean {
    if (entry.parentKeys.has(key)) return true;
    for (const k of entry.parentKeys) if (k.startsWith(key) || (key.length >= 5 && withinOneEdit(k, key))) return true;
    return false;
  }
}

/** The explorer's path to a unit: its region, the API province listing its town, and the town. */
function explorerPath(data: Dataset, g: GazetteerEntry): Entry['path'] {
  const region_id = Number(g.code.slice(0, 2));
  const town = [g.code, ...[...g.chain].reverse()].map((c) => data.municities.get(c)).find(Boolean);
  if (town) return { region_id, province_id: town.province, municity_id: town.numericId };
  const province = data.provinces.find(
    (p) => p.psgc === g.code || (g.level === 'Dist' && p.id === '13000') || (g.level === 'SGA' && p.psgc === g.code),
  );
  return { region_id, province_id: province?.id ?? null, municity_id: null };
}

function insertAfterTown(chain: string[], province: string, data: Dataset): string[] {
  const out: string[] = [];
  for (const code of chain) {
    out.push(code);
    const unit = data.byCode.get(code);
    if (unit && (unit.level === 'City' || unit.level === 'Mun') && data.hierarchy.geoProvince[code] === province) {
      out.push(province);
    }
  }
  if (!out.includes(province)) out.splice(Math.max(0, out.length - 1), 0, province);
  return out;
}

/** GET /v1/geocode */
export function geocode(geocoder: Geocoder, url: URL) {
  const q = url.searchParams.get('q');
  if (q === null || !fold(q)) throw badParam('q', 'q is required');
  if (q.length > 200) throw badParam('q', 'q must be at most 200 characters');
  const limit = intParam(url.searchParams, 'limit', 10, 50);
  const data = geocoder.search(q, limit);
  // Extension: when nothing matches, the nearest spellings.
  return data.length ? { data, error: null } : { data, suggestions: geocoder.suggest(q), error: null };
}
