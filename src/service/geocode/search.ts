import { GEOCODE_Q_MAX } from '../../contract/rules.ts';
import type { GeocodeCandidate, GeocodeMatched } from '../../contract/types.ts';
import type { GazetteerEntry, Level } from '../../dataset/types.ts';
import type { Dataset } from '../dataset.ts';
import { badParam } from '../errors.ts';
import { fold, intParam, textParam } from '../params.ts';
import { boundedDistance, deletions, editsAllowed } from './edit-distance.ts';
import { ALIASES, type Hint, romanToNumber } from './lexicon.ts';
import { exactKey, phoneticWord, phraseKey } from './name-keys.ts';
import { nameVariants } from './name-variants.ts';
import { type Token, tokenize } from './tokenize.ts';

/** Rank of a level when everything else ties: towns before the barangays that share their name. */
const LEVEL_RANK: Record<Level, number> = {
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

/** Which part of the address a level answers. */
const ROLE: Record<Level, keyof GeocodeMatched> = {
  Reg: 'region',
  Prov: 'province',
  SGA: 'province',
  Dist: 'province',
  City: 'town',
  Mun: 'town',
  SGU: 'town',
  SubMun: 'district',
  Bgy: 'barangay',
};

const HINT_OF: Record<Level, Hint | undefined> = {
  Reg: 'Reg',
  Prov: 'Prov',
  SGA: 'Prov',
  Dist: 'Prov',
  City: 'City',
  Mun: 'Mun',
  SGU: 'Mun',
  SubMun: undefined,
  Bgy: 'Bgy',
};

interface Entry {
  g: GazetteerEntry;
  /** Entries above, nearest first: town, district, province (and the one an independent city lies in), region. */
  ancestors: number[];
  parents: string[];
  /** A city that stands apart from the province it lies in: that province's name, and the city's class. */
  independent?: { of: string; cityClass: string | null };
  path: { region_id: number; province_id: string | null; municity_id: number | null };
  poblacion: boolean;
}

interface Variant {
  entry: number;
  exact: string;
  alias: boolean;
  numeric: boolean;
  hint?: Hint;
}

/** A run of words of the query that names a unit. */
interface Match {
  entry: number;
  start: number;
  end: number;
  /** How well it matches, 0 to 1, times the letters it covers. */
  value: number;
  quality: number;
}

interface Scored {
  entry: number;
  /** What it explains less what it contradicts: the ranking. */
  score: number;
  /** What the town-or-above parts of the text agree with: the constraint. */
  context: number;
  /** All the text it explains, weighted by how exactly. */
  total: number;
  used: Match[];
  notFound?: { level: 'Bgy' | 'town'; text: string };
  outside?: { level: 'town' | 'province'; text: string };
}

const TOWN_OR_ABOVE = new Set<Level>(['Reg', 'Prov', 'Dist', 'SGA', 'City', 'Mun', 'SGU', 'SubMun']);
const MAX_WORDS = 7;
/** How much a name shared by many units is discounted: by 1 / (1 + IDF × log10(units sharing it)). */
const IDF = 0.25;

/** A geocoder over the whole code list: it reads the barangays and the gazetteer first (each once per dataset). */
export async function loadGeocoder(data: Dataset): Promise<Geocoder> {
  const [gazetteer] = await Promise.all([data.gazetteer(), data.complete()]);
  return new Geocoder(data, gazetteer);
}

/**
 * The geocoder: reads a whole address (comma parts or not), finds every run of words that names a unit, and
 * ranks the units by how much of the address they and their parents explain. A town or province the address
 * names is a constraint: a candidate inside it ranks above any look-alike outside it.
 */
export class Geocoder {
  private readonly entries: Entry[] = [];
  private readonly byKey = new Map<string, Variant[]>();
  private readonly byDeletion = new Map<string, string[]>();
  private readonly sortedKeys: string[];
  private readonly pobWeight: number;
  /** A town's poblacion barangays. */
  private readonly poblacionOf = new Map<number, number[]>();

  constructor(data: Dataset, gazetteer: GazetteerEntry[]) {
    const indexOf = new Map<string, number>();
    const usable = gazetteer.filter((g) => g.point);
    usable.forEach((g, i) => {
      indexOf.set(g.code, i);
    });
    const display = (code: string): string => {
      const unit = data.byCode.get(code);
      return !unit ? '' : unit.level === 'Dist' ? 'Metro Manila' : unit.name;
    };
    for (const g of usable) {
      const unit = data.byCode.get(g.code);
      const chain = [...g.chain].reverse();
      const geoProvince =
        data.hierarchy.geoProvince[g.code] ?? chain.map((c) => data.hierarchy.geoProvince[c]).find(Boolean);
      const parentCodes = geoProvince ? insertAfterTown(chain, geoProvince, data) : chain;
      const parents = [...new Set(parentCodes.map(display).filter(Boolean))];
      if (g.code.startsWith('13') && g.level !== 'Reg' && !parents.includes('Metro Manila')) {
        parents.splice(parents.length - 1, 0, 'Metro Manila');
      }
      const ancestors = [...new Set(parentCodes.map((c) => indexOf.get(c)).filter((i) => i !== undefined))];
      const town = data.municities.get(g.code);
      const independent =
        town?.independent && geoProvince ? { of: display(geoProvince), cityClass: town.unit.cityClass } : undefined;
      this.entries.push({
        g,
        ancestors,
        parents,
        ...(independent && { independent }),
        path: explorerPath(data, g),
        poblacion: !!unit?.poblacion || /\bpob\b|poblacion/i.test(g.name),
      });
    }
    // Every form of every name
    this.entries.forEach((e, entry) => {
      const names: { name: string; alias: boolean; manual?: boolean }[] = [{ name: e.g.name, alias: false }];
      for (const old of e.g.oldNames) names.push({ name: old, alias: true });
      for (const a of ALIASES.get(e.g.name) ?? []) names.push({ name: a, alias: true, manual: true });
      if (e.g.level === 'Reg') {
        const numeral = e.g.name.match(/^Region ([IVX]+(?:-[AB])?)/)?.[1];
        if (numeral) names.push({ name: `Region ${romanToNumber(numeral)}`, alias: true });
      }
      // "Zamboanga del Sur" as "Zamboanga Sur", "Tondo I/II" as "Tondo"
      const noDel = e.g.name.replace(/ (del|de) (Norte|Sur)$/i, ' $2');
      if (noDel !== e.g.name) names.push({ name: noDel, alias: true });
      if (e.g.level === 'SubMun') names.push({ name: e.g.name.replace(/\s+[IVX/]+$/, ''), alias: true });
      for (const { name, alias, manual } of names) {
        for (const v of nameVariants(name)) {
          this.addKey(v.key, {
            entry,
            exact: v.exact,
            alias: alias || v.alias,
            numeric: v.numeric,
            // a form people use ("Metro Manila", "QC") needs no level word to be read as that level
            hint: manual ? undefined : (v.hint ?? HINT_OF[e.g.level]),
          });
        }
      }
    });
    this.sortedKeys = [...this.byKey.keys()].sort();
    this.entries.forEach((e, i) => {
      if (e.g.level !== 'Bgy' || !e.poblacion || e.ancestors[0] === undefined) return;
      const list = this.poblacionOf.get(e.ancestors[0]);
      if (list) list.push(i);
      else this.poblacionOf.set(e.ancestors[0], [i]);
    });
    this.pobWeight = 1 / (1 + IDF * Math.log10(this.byKey.get(phoneticWord('poblacion'))?.length ?? 1));
  }

  private addKey(key: string, variant: Variant) {
    let list = this.byKey.get(key);
    if (!list) {
      list = [];
      this.byKey.set(key, list);
      if (key.length >= 5) {
        for (const d of deletions(key)) {
          const keys = this.byDeletion.get(d);
          if (keys) keys.push(key);
          else this.byDeletion.set(d, [key]);
        }
      }
    }
    // a unit's forms are added together, so a repeat can only be at the end of the list
    for (let i = list.length - 1; i >= 0 && list[i].entry === variant.entry; i--)
      if (list[i].exact === variant.exact) return;
    list.push(variant);
  }

  /** Keys near `key`: within the edits its length allows, with the distance. */
  private near(key: string): Map<string, number> {
    const found = new Map<string, number>();
    const max = editsAllowed(key.length);
    if (!max) return found;
    for (const d of deletions(key)) {
      for (const k of this.byDeletion.get(d) ?? []) {
        if (found.has(k) || k === key) continue;
        const distance = boundedDistance(key, k, max);
        if (distance <= max && distance <= editsAllowed(k.length)) found.set(k, distance);
      }
    }
    return found;
  }

  /** Keys starting with `key`, for the word being typed; at most `limit`. */
  private prefixed(key: string, limit: number): string[] {
    let lo = 0;
    let hi = this.sortedKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sortedKeys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.sortedKeys.length && out.length < limit; i++) {
      if (!this.sortedKeys[i].startsWith(key)) break;
      if (this.sortedKeys[i] !== key) out.push(this.sortedKeys[i]);
    }
    return out;
  }

  /** Every run of words that names a unit, with how well. */
  private matches(tokens: Token[], typing: boolean): Match[] {
    const out: Match[] = [];
    const n = tokens.length;
    for (let i = 0; i < n; i++) {
      if (tokens[i].level) continue;
      for (let j = i + 1; j <= Math.min(n, i + MAX_WORDS); j++) {
        const last = tokens[j - 1];
        if (last.part !== tokens[i].part) break;
        // a level word may stand inside a name ("Poblacion Barangay 2"), not at its end
        if (last.level) continue;
        const run = tokens.slice(i, j).filter((t) => !t.level);
        const words = run.map((t) => t.word);
        const key = phraseKey(
          run.map((t) => t.key),
          words,
        );
        const exact = exactKey(words);
        const letters = words.join('').length;
        const numeric = run.every((t) => t.numeric || t.word.length === 1);
        // words of a street or purok are weak witnesses, unless the run names the marker too ("Zone 2",
        // "Rosary Heights"), as many barangays' names do
        const noise = !run.some((t) => t.noise)
          ? 1
          : run.some((t) => t.marker)
            ? 0.9
            : run.every((t) => t.noise)
              ? 0.35
              : 0.6;
        const hint = spanHint(tokens, i, j);
        // A name many units share says less than a rare one: "Poblacion" (hundreds) less than "Tagkawayan"
        // (a near or partial match weighs no more than the exact one the same words have)
        let weight = 1;
        const take = (variants: Variant[], base: number) => {
          weight = Math.min(weight, 1 / (1 + IDF * Math.log10(variants.length)));
          for (const v of variants) {
            // a number matches only a numbered unit, and only when the text says which kind ("Brgy. 5")
            if (numeric && !v.numeric) continue;
            if (v.numeric && hint !== v.hint) continue;
            let q = base * (v.alias ? 0.95 : 1) * noise;
            if (v.exact === exact && base === 0.93) q = (v.alias ? 0.95 : 1) * noise;
            const level = this.entries[v.entry].g.level;
            q *= hintFactor(hint, level, v.hint);
            out.push({ entry: v.entry, start: i, end: j, quality: q, value: q * letters * weight });
          }
        };
        const same = this.byKey.get(key);
        if (same) take(same, 0.93);
        else if (!numeric) {
          for (const [k, distance] of this.near(key)) take(this.byKey.get(k) ?? [], distance === 1 ? 0.8 : 0.68);
        }
        // The word being typed: names that start with it
        if (typing && j === n && key.length >= 3 && !numeric) {
          for (const k of this.prefixed(key, 40)) take(this.byKey.get(k) ?? [], 0.55);
        }
      }
    }
    return out;
  }

  /** Scores one unit: its own words, then its parents' words that the text also has, none overlapping. */
  private score(
    entry: number,
    own: Match[],
    byEntry: Map<number, Match[]>,
    poblacion: Match[],
    named: Match[],
  ): Scored {
    const e = this.entries[entry];
    let best: Scored | undefined;
    for (const first of own.slice(0, 3)) {
      const used: Match[] = [first];
      const free = (m: Match) => used.every((u) => m.end <= u.start || m.start >= u.end);
      let total = first.value;
      let context = TOWN_OR_ABOVE.has(e.g.level) ? first.value : 0;
      for (const a of e.ancestors) {
        const candidates = byEntry.get(a);
        if (!candidates) continue;
        const m = candidates.find(free);
        if (!m) continue;
        used.push(m);
        total += m.value;
        context += m.value;
      }
      // the unit's other names in the text, once its parents have taken theirs ("Bgy. No. 42, Apaya")
      for (const m of own) {
        if (m !== first && free(m)) {
          used.push(m);
          total += m.value;
        }
      }
      // "(Pob.)" after a poblacion barangay's name
      if (e.poblacion) {
        const m = poblacion.find(free);
        if (m) {
          used.push(m);
          total += m.value * 0.9;
        }
      }
      // Towns and provinces the text names that this unit is not in: each counts against it
      const mine = new Set([entry, ...e.ancestors]);
      let against = 0;
      let lastEnd = -1;
      // (an address goes from the street to the province, so only what is named after the unit's own words
      // constrains it: "Bonifacio Global City, Taguig" is in Taguig, not in Bonifacio)
      for (const m of named) {
        if (m.start < first.end || mine.has(m.entry) || m.start < lastEnd) continue;
        if (!used.every((u) => m.end <= u.start || m.start >= u.end)) continue;
        if (byEntryHasMine(byEntry, m, mine)) continue;
        against += m.value;
        lastEnd = m.end;
      }
      const s = { entry, score: total - against, context, total, used };
      if (!best || s.score > best.score || (s.score === best.score && s.context > best.context)) best = s;
    }
    return best!;
  }

  search(text: string, limit: number): GeocodeCandidate[] {
    const tokens = tokenize(text);
    if (!tokens.length) return [];
    const typing = !/[\s,.;)]$/.test(text);
    const matches = this.matches(tokens, typing);
    if (!matches.length) return [];
    // Best first, per unit
    const byEntry = new Map<number, Match[]>();
    for (const m of matches.sort((a, b) => b.value - a.value)) {
      const list = byEntry.get(m.entry);
      if (list) list.push(m);
      else byEntry.set(m.entry, [m]);
    }
    const poblacion = tokens
      .map((t, i) => ({ t, i }))
      .filter(({ t }) => t.word === 'poblacion')
      .map(({ i }) => ({ entry: -1, start: i, end: i + 1, quality: 1, value: 9 * this.pobWeight }));
    // Strong mentions of towns and provinces, the constraints a candidate must not contradict
    // (not "Silang" inside "Bagong Silang": a mention inside a longer name is that name's)
    const strong = matches.filter((m) => m.quality >= 0.9);
    const named = strong
      .filter(
        (m) =>
          TOWN_OR_ABOVE.has(this.entries[m.entry].g.level) &&
          this.entries[m.entry].g.level !== 'Reg' &&
          !strong.some((o) => o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start),
      )
      .sort((a, b) => a.start - b.start || b.value - a.value);
    // "Poblacion, Sto. Tomas": a town whose one poblacion barangay has another name (Tibal-og (Pob.))
    for (const p of poblacion) {
      for (const [entry] of byEntry) {
        const pobs = this.poblacionOf.get(entry);
        if (pobs?.length !== 1 || byEntry.has(pobs[0])) continue;
        byEntry.set(pobs[0], [{ ...p, entry: pobs[0], quality: 0.9, value: p.value * 0.9 }]);
      }
    }
    const scored: Scored[] = [];
    for (const [entry, own] of byEntry) scored.push(this.score(entry, own, byEntry, poblacion, named));
    const round = (v: number) => Math.round(v * 100) / 100;
    scored.sort((a, b) => {
      const ea = this.entries[a.entry].g;
      const eb = this.entries[b.entry].g;
      return (
        round(b.score) - round(a.score) ||
        round(b.context) - round(a.context) ||
        LEVEL_RANK[ea.level] - LEVEL_RANK[eb.level] ||
        (eb.population ?? 0) - (ea.population ?? 0)
      );
    });
    // A town answered for a barangay it does not have: the barangay where it really is comes second
    const first = scored[0];
    if (first) this.explainMisses(first, matches, tokens, text);
    if (first?.notFound?.level === 'Bgy' && limit > 1) {
      const text0 = first.notFound.text;
      const i = scored.findIndex(
        (s, i) =>
          i > 1 &&
          this.entries[s.entry].g.level === 'Bgy' &&
          s.used.some((u) => text.slice(tokens[u.start].start, tokens[u.end - 1].end) === text0),
      );
      if (i > 1) scored.splice(1, 0, ...scored.splice(i, 1));
    }
    const top = scored.slice(0, limit);
    // How much of the address could name a unit at all: the words that are not streets, puroks or level words
    const letters = tokens.filter((t) => !t.level && !t.noise).reduce((s, t) => s + t.word.length, 0);
    return top.map((s, rank) => {
      if (s !== first) this.explainMisses(s, matches, tokens, text);
      const next = scored[rank + 1];
      const tied =
        (rank === 0 && next && round(next.score) === round(s.score) && round(next.context) === round(s.context)) ||
        (rank > 0 &&
          round(scored[rank - 1].score) === round(s.score) &&
          round(scored[rank - 1].context) === round(s.context));
      let confidence = Math.min(1, s.total / Math.max(letters, s.used[0].end - s.used[0].start, 1));
      if (tied) confidence *= 0.6;
      if (s.notFound) confidence *= 0.6;
      if (s.outside) confidence *= 0.5;
      return this.candidate(s, tokens, text, Math.round(confidence * 100) / 100);
    });
  }

  /** A town answered for an address that named a barangay it does not have, or a barangay outside the named town. */
  private explainMisses(s: Scored, matches: Match[], tokens: Token[], text: string) {
    const e = this.entries[s.entry];
    const free = (m: { start: number; end: number }) => s.used.every((u) => m.end <= u.start || m.start >= u.end);
    const textOf = (m: { start: number; end: number }) => text.slice(tokens[m.start].start, tokens[m.end - 1].end);
    const strong = matches.filter((m) => free(m) && m.quality >= 0.75 && !tokens[m.start].noise);
    if (e.g.level !== 'Bgy') {
      // a name after "Brgy." that nothing explains, or a barangay name that is not in this town
      const hinted = tokens.findIndex(
        (t, i) => t.level === 'Bgy' && tokens[i + 1] && !tokens[i + 1].level && free({ start: i + 1, end: i + 2 }),
      );
      const bgy = strong.find((m) => this.entries[m.entry].g.level === 'Bgy');
      if (hinted >= 0) {
        let end = hinted + 2;
        while (end < tokens.length && tokens[end].part === tokens[hinted + 1].part && !tokens[end].level) end++;
        s.notFound = { level: 'Bgy', text: textOf({ start: hinted + 1, end }) };
      } else if (bgy && TOWN_OR_ABOVE.has(e.g.level) && e.g.level !== 'SubMun') {
        s.notFound = { level: 'Bgy', text: textOf(bgy) };
      }
    }
    if (e.g.level === 'Bgy' || e.g.level === 'SubMun') {
      const town = strong.find((m) => {
        const level = this.entries[m.entry].g.level;
        return (level === 'City' || level === 'Mun') && m.quality >= 0.9;
      });
      if (town && !s.used.some((u) => u.start === town.start)) s.outside = { level: 'town', text: textOf(town) };
    }
  }

  private candidate(s: Scored, tokens: Token[], text: string, confidence: number): GeocodeCandidate {
    const { g, parents, path, independent } = this.entries[s.entry];
    const matched: GeocodeMatched = {};
    for (const m of s.used) {
      if (m.entry < 0) continue;
      const role = ROLE[this.entries[m.entry].g.level];
      matched[role] ??= text.slice(tokens[m.start].start, tokens[m.end - 1].end);
    }
    return {
      id: g.code,
      name: g.name,
      lat: g.point![1],
      lng: g.point![0],
      level: g.level,
      code: g.code,
      parents,
      score: Math.round(s.total * 1000) / 1000,
      matched,
      confidence,
      ...(s.notFound ? { not_found: s.notFound } : {}),
      ...(s.outside ? { outside: s.outside } : {}),
      ...(independent && { independent_of: independent.of }),
      ...(independent?.cityClass && { city_class: independent.cityClass }),
      ...path,
    };
  }

  /**
   * For a query that matched nothing: up to three names within three edits of it, nearest first, then the
   * most populous. Only run on a miss, so its cost (a scan of every name) is paid rarely.
   */
  suggest(text: string): string[] {
    const tokens = tokenize(text.split(',')[0] ?? '').filter((t) => !t.level);
    const key = phraseKey(
      tokens.map((t) => t.key),
      tokens.map((t) => t.word),
    );
    if (key.length < 3) return [];
    // up to three edits, and never more than half the word: "zzqxv" suggests nothing
    const max = Math.min(3, Math.floor(key.length / 2));
    const found: { name: string; distance: number; population: number }[] = [];
    for (const [k, list] of this.byKey) {
      if (Math.abs(k.length - key.length) > max) continue;
      const distance = boundedDistance(key, k, max);
      if (distance > max) continue;
      const best = list
        .map((l) => this.entries[l.entry].g)
        .sort((a, b) => (b.population ?? 0) - (a.population ?? 0))[0];
      found.push({ name: best.name, distance, population: best.population ?? 0 });
    }
    found.sort((a, b) => a.distance - b.distance || b.population - a.population);
    return [...new Set(found.map((f) => f.name))].slice(0, 3);
  }
}

/** Whether the words of a mention also name one of the candidate's own units (the same words, another reading). */
function byEntryHasMine(byEntry: Map<number, Match[]>, m: Match, mine: Set<number>): boolean {
  // about as well: "Batangas" the province excuses "Batangas" the city; "Davao City" read as Davao Region does not
  for (const entry of mine) {
    if (byEntry.get(entry)?.some((o) => o.start < m.end && m.start < o.end && o.quality >= 0.9 * m.quality))
      return true;
  }
  return false;
}

/** The level word before a run of words in its part ("Brgy. Bagong Silang"), or right after it ("Laoag City"). */
function spanHint(tokens: Token[], start: number, end: number): Hint | undefined {
  const part = tokens[start].part;
  for (let i = start - 1; i >= 0 && tokens[i].part === part; i--) if (tokens[i].level) return tokens[i].level;
  const after = tokens[end];
  if (after?.level && after.part === tokens[end - 1].part && after.level !== 'Bgy') return after.level;
  return undefined;
}

/** How much a level word next to the run agrees with the unit's level. */
function hintFactor(hint: Hint | undefined, level: Level, variantHint: Hint | undefined): number {
  // "Davao" alone is the city more often than "Davao Region"; "Cebu" the province more than the city
  if (!hint) return variantHint === 'Reg' ? 0.8 : 1;
  if (hint === 'City') return level === 'City' ? 1 : level === 'Mun' ? 0.9 : 0.5;
  if (hint === 'Mun') return level === 'Mun' || level === 'City' ? 1 : 0.75;
  if (hint === 'Bgy') return level === 'Bgy' ? 1 : 0.6;
  if (hint === 'Prov') return level === 'Prov' ? 1 : 0.8;
  return level === 'Reg' ? 1 : 0.8;
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
  const q = textParam(url.searchParams, 'q', GEOCODE_Q_MAX);
  if (q === null || !fold(q)) throw badParam('q', 'q is required');
  const limit = intParam(url.searchParams, 'limit', 10, 50);
  const data = geocoder.search(q, limit);
  // Extension: when nothing matches, the nearest spellings.
  return data.length ? { data, error: null } : { data, suggestions: geocoder.suggest(q), error: null };
}
