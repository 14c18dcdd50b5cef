import type { GeocodeMatched, GeocodeZip } from '../../contract/types.ts';
import type { GazetteerEntry, Level, OldCodes, SplitBarangay } from '../../dataset/types.ts';
import type { Dataset } from '../dataset.ts';
import { boundWords } from './bound-words.ts';
import { type CodeHit, CodeLookup } from './by-code.ts';
import { boundedDistance } from './edit-distance.ts';
import { GazetteerIndex } from './gazetteer-index.ts';
import type { GeocodeHit, GeocodeHits } from './hit.ts';
import { findMatches, type Match } from './matches.ts';
import { phraseKey } from './name-keys.ts';
import { explainMisses, type Scored, scoreUnit } from './score.ts';
import { SplitIndex } from './splits.ts';
import { type Token, tokenize } from './tokenize.ts';
import { uniqueTowns } from './unique-towns.ts';
import { weighZip, ZIP_ALONE_CONFIDENCE, ZipIndex, type ZipInText } from './zip.ts';

export type { GeocodeHit, GeocodeHits, MatchHits } from './hit.ts';
/** The geocoder's answers to typed names, worked out ahead (the data's build writes them: src/server/prefix-answers-cli.ts). */
export {
  type PrefixIndex,
  packShards,
  prefixIndexPath,
  prefixShardPath,
  typedQueries,
} from './prefix-answers.ts';

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

/** A scored unit with its ranking keys. */
interface Ranked {
  s: Scored;
  score: number;
  context: number;
  /** 1 when the reading keeps a town only one province has against the province named with it (Scored.outsideProvince). */
  outside: number;
  /** How many of its parents the reading finds before its own words: an address names the parents after. */
  reversed: number;
  level: number;
  population: number;
}

/** To the hundredth: scores that close tie. */
const round = (v: number) => Math.round(v * 100) / 100;

/** How many of the parents a reading uses are named before its own words ("San Guillermo, Rizal" read as Rizal of San Guillermo). */
function parentsBefore(s: Scored): number {
  let n = 0;
  for (let i = 1; i < s.used.length; i++) {
    const m = s.used[i];
    if (m.entry >= 0 && m.entry !== s.entry && m.start < s.used[0].start) n++;
  }
  return n;
}

/** Whether the ranking cannot tell two readings apart by what they explain and contradict. */
const ties = (a: Ranked, b: Ranked) => a.score === b.score && a.context === b.context && a.outside === b.outside;

/** A geocoder over the whole code list: it reads the barangays and the gazetteer first (each once per dataset). */
export async function loadGeocoder(data: Dataset): Promise<Geocoder> {
  const [gazetteer, oldCodes, splits] = await Promise.all([
    data.gazetteer(),
    data.oldCodes(),
    data.splits(),
    data.complete(),
  ]);
  return new Geocoder(data, gazetteer, oldCodes, splits);
}

/**
 * The geocoder: reads a whole address (comma parts or not), finds every run of words that names a unit, and
 * ranks the units by how much of the address they and their parents explain. A town or province the address
 * names is a constraint: a candidate inside it ranks above any look-alike outside it.
 */
export class Geocoder {
  private readonly index: GazetteerIndex;
  /**
   * Each entry's ranking keys after the score (LEVEL_RANK of its level, its population), packed: they are read for
   * each of the ~200 units an address names, and reading them through the entries was 17% of a search.
   */
  private readonly levelRank: Uint8Array;
  private readonly population: Float64Array;
  private readonly zips: ZipIndex;
  /** A query that is a PSGC code, of this list or an older one (by-code.ts), and each code's entry. */
  private readonly codes: CodeLookup;
  private readonly entryOf: Map<string, number>;
  /** Barangays split since an older list, entries of their own (splits.ts). */
  private readonly splits: SplitIndex;

  constructor(data: Dataset, gazetteer: GazetteerEntry[], oldCodes: OldCodes = {}, splits: SplitBarangay[] = []) {
    this.splits = new SplitIndex(data, splits);
    this.index = new GazetteerIndex(data, this.splits.gazetteer(gazetteer));
    this.zips = new ZipIndex(this.index, data);
    const { entries } = this.index;
    this.levelRank = Uint8Array.from(entries, (e) => LEVEL_RANK[e.g.level]);
    this.population = Float64Array.from(entries, (e) => e.g.population ?? 0);
    this.codes = new CodeLookup(data.byCode.values(), oldCodes);
    this.entryOf = new Map(entries.map((e, i) => [e.g.code, i]));
  }

  /** The one candidate a code names, sure (confidence 1), saying which older code it was asked by. */
  private byCode(hit: CodeHit | null): GeocodeHit[] {
    const entry = hit ? this.entryOf.get(hit.code) : undefined;
    if (!hit || entry === undefined) return [];
    const { g, up, independent } = this.index.entries[entry];
    return [
      {
        id: g.code,
        name: g.name,
        lat: g.point![1],
        lng: g.point![0],
        level: g.level,
        code: g.code,
        up,
        score: 1,
        matched: {},
        confidence: 1,
        ...(hit.recodedFrom && { recoded_from: hit.recodedFrom }),
        ...this.splits.fields(g.code),
        ...(independent && { independent_of: independent.of }),
        ...(independent?.cityClass && { city_class: independent.cityClass }),
      },
    ];
  }

  /** A query that is the code of a barangay split since (Caloocan's 1380100176, of 4Q 2023): that barangay. */
  private splitCode(text: string): CodeHit | null {
    const code = text.match(/\d{10}/)?.[0];
    return code && this.splits.fields(code).split ? { code } : null;
  }

  /**
   * The parts of a split barangay's candidate, each placed (as it has no polygon) at the old territory's point and
   * as sure as one of so many: the old barangay's confidence shared among them.
   */
  parts(c: GeocodeHit): GeocodeHit[] {
    const parts = c.split?.parts ?? [];
    return parts.flatMap((p) =>
      this.byCode({ code: p.code }).map((part) => ({
        ...part,
        confidence: Math.round(((c.confidence ?? 0) / parts.length) * 100) / 100,
      })),
    );
  }

  /**
   * The candidates for an address, best first, at most `limit`. When `enough` says the first alone answers (a sure
   * match in a batch, 94% of rows), the others are not worked out.
   */
  search(text: string, limit: number, enough?: (first: GeocodeHit) => boolean): GeocodeHit[] {
    const hit = this.codes.find(text);
    if (hit !== undefined) return this.byCode(hit ?? this.splitCode(text));
    const tokens = boundWords(tokenize(text));
    const typing = !/[\s,.;)]$/.test(text);
    const matches = tokens.length ? findMatches(this.index, tokens, typing) : [];
    // A ZIP code the address carries (zip.ts): evidence of the town, and alone a town
    let zip = this.zips.size ? this.zips.find(text, tokens, matches) : null;
    if (!matches.length) return zip ? this.zipTowns(zip, limit) : [];
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
      .map(({ i }) => ({ entry: -1, start: i, end: i + 1, quality: 1, value: 9 * this.index.pobWeight }));
    // Strong mentions of towns and provinces, the constraints a candidate must not contradict
    // (not "Silang" inside "Bagong Silang": a mention inside a longer name is that name's)
    const strong = matches.filter((m) => m.quality >= 0.9);
    const named = strong
      .filter(
        (m) =>
          this.index.townOrAbove[m.entry] === 1 &&
          this.index.entries[m.entry].g.level !== 'Reg' &&
          !strong.some((o) => o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start),
      )
      .sort((a, b) => a.start - b.start || b.value - a.value);
    // Towns only one province has, named in full: a province named beside one that disagrees is a slip
    const unique = uniqueTowns(this.index, this.zips, strong, matches, tokens, zip);
    // "Poblacion, Sto. Tomas": a town whose one poblacion barangay has another name (Tibal-og (Pob.))
    for (const p of poblacion) {
      for (const [entry] of byEntry) {
        const pobs = this.index.poblacionOf.get(entry);
        if (pobs?.length !== 1 || byEntry.has(pobs[0])) continue;
        byEntry.set(pobs[0], [{ ...p, entry: pobs[0], quality: 0.9, value: p.value * 0.9 }]);
      }
    }
    // Ranked by score, then the reading that finds its parents after its own words, as addresses name them ("San
    // Guillermo, Rizal" is San Guillermo of Rizal before Rizal of San Guillermo), then context (both to the
    // hundredth), then the reading that contradicts no province named with it before one that does, then level,
    // then population; the keys are worked out once a unit, not in every comparison of the sort, which meets each
    // unit many times
    const ranked: Ranked[] = [];
    for (const [entry, own] of byEntry)
      ranked.push(this.ranking(scoreUnit(this.index, entry, own, byEntry, poblacion, named, unique)));
    ranked.sort(
      (a, b) =>
        b.score - a.score ||
        a.reversed - b.reversed ||
        b.context - a.context ||
        a.outside - b.outside ||
        a.level - b.level ||
        b.population - a.population,
    );
    // A town answered for a barangay it does not have: the barangay where it really is comes second
    const first = ranked[0]?.s;
    if (first) explainMisses(this.index, first, matches, tokens, text);
    if (first?.notFound?.level === 'Bgy' && limit > 1) {
      const text0 = first.notFound.text;
      const i = ranked.findIndex(
        ({ s }, i) =>
          i > 1 &&
          this.index.entries[s.entry].g.level === 'Bgy' &&
          s.used.some((u) => text.slice(tokens[u.start].start, tokens[u.end - 1].end) === text0),
      );
      if (i > 1) ranked.splice(1, 0, ...ranked.splice(i, 1));
    }
    const weighed = zip
      ? weighZip(
          this.zips,
          this.index,
          zip,
          ranked,
          (s) => this.ranking(s),
          (s) => explainMisses(this.index, s, matches, tokens, text),
        )
      : null;
    // a number where a house number may stand, that does not agree: no ZIP code at all
    if (!weighed) zip = null;
    const placedByZip = weighed ?? new Map<Scored, number>();
    const top = ranked.slice(0, limit);
    // How much of the address could name a unit at all: the words that are not streets, puroks or level words
    const letters = tokens.filter((t) => !t.level && !t.noise).reduce((s, t) => s + t.word.length, 0);
    const out: GeocodeHit[] = [];
    for (let rank = 0; rank < top.length; rank++) {
      const { s } = top[rank];
      const zipField = zip && this.zipField(zip, s.entry, placedByZip.has(s));
      let confidence = placedByZip.get(s);
      if (confidence === undefined) {
        if (s !== first) explainMisses(this.index, s, matches, tokens, text);
        const next = ranked[rank + 1];
        const here = ranked[rank];
        const tied = (rank === 0 && next && ties(next, here)) || (rank > 0 && ties(ranked[rank - 1], here));
        confidence = Math.min(1, s.total / Math.max(letters, s.used[0].end - s.used[0].start, 1));
        if (tied) confidence *= 0.6;
        if (s.notFound) confidence *= 0.6;
        if (s.outside) confidence *= 0.5;
        // a ZIP code that agrees takes half the doubt away; one that disagrees adds as much as a missing barangay
        if (zipField) confidence = zipField.agrees ? confidence + (1 - confidence) / 2 : confidence * 0.6;
        confidence = Math.round(confidence * 100) / 100;
      }
      // never surer than the candidate ranked above it: the ranking also weighs what the address names that a
      // reading is not in, which the share of the address it explains does not (a province read for "BAIS NEGROS
      // OCCIDENTAL" explains more letters than the City of Bais, and is ranked below it for leaving Bais out)
      if (rank > 0) confidence = Math.min(confidence, out[rank - 1].confidence ?? 1);
      out.push(this.candidate(s, tokens, text, confidence, zipField));
      if (rank === 0 && enough?.(out[0])) break;
    }
    return out;
  }

  /** A scored unit with its ranking keys. */
  private ranking(s: Scored): Ranked {
    return {
      s,
      score: round(s.score),
      context: round(s.context),
      outside: s.outsideProvince ? 1 : 0,
      reversed: parentsBefore(s),
      level: this.levelRank[s.entry],
      population: this.population[s.entry],
    };
  }

  /** What a candidate says of the address's ZIP code: the code, whether it agrees, and the code's towns. */
  private zipField(zip: ZipInText, entry: number, alone: boolean): GeocodeZip {
    const towns = this.zips.townsOf(zip.code).map((t) => this.index.entries[t].g.name);
    return { code: zip.code, agrees: alone || this.zips.agrees(entry, zip.code), towns, ...(alone && { alone }) };
  }

  /** An address that is a ZIP code and nothing the index knows: the code's towns, most populous first. */
  private zipTowns(zip: ZipInText, limit: number): GeocodeHit[] {
    const towns = this.zips.townsOf(zip.code).slice(0, limit);
    const confidence = towns.length > 1 ? ZIP_ALONE_CONFIDENCE.shared : ZIP_ALONE_CONFIDENCE.one;
    return towns.map((entry) =>
      this.candidate(
        { entry, score: 0, context: 0, total: 0, used: [] },
        [],
        '',
        confidence,
        this.zipField(zip, entry, true),
      ),
    );
  }

  private candidate(s: Scored, tokens: Token[], text: string, confidence: number, zip?: GeocodeZip | null): GeocodeHit {
    const { g, up, independent } = this.index.entries[s.entry];
    const matched: GeocodeMatched = {};
    for (const m of s.used) {
      if (m.entry < 0) continue;
      const role = ROLE[this.index.entries[m.entry].g.level];
      matched[role] ??= text.slice(tokens[m.start].start, tokens[m.end - 1].end);
    }
    return {
      id: g.code,
      name: g.name,
      lat: g.point![1],
      lng: g.point![0],
      level: g.level,
      code: g.code,
      up,
      score: Math.round(s.total * 1000) / 1000,
      matched,
      confidence,
      ...(s.notFound ? { not_found: s.notFound } : {}),
      ...(s.outside ? { outside: s.outside } : {}),
      ...(independent && { independent_of: independent.of }),
      ...(independent?.cityClass && { city_class: independent.cityClass }),
      ...(zip && { zip }),
      ...this.splits.fields(g.code),
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
    for (const [k, list] of this.index.byKey) {
      if (Math.abs(k.length - key.length) > max) continue;
      const distance = boundedDistance(key, k, max);
      if (distance > max) continue;
      const best = list
        .map((l) => this.index.entries[l.entry].g)
        .sort((a, b) => (b.population ?? 0) - (a.population ?? 0))[0];
      found.push({ name: best.name, distance, population: best.population ?? 0 });
    }
    found.sort((a, b) => a.distance - b.distance || b.population - a.population);
    return [...new Set(found.map((f) => f.name))].slice(0, 3);
  }
}

/** GET /v1/geocode's hits for `q`, at most `limit` (its parameters read by geocodeParams, query.ts). */
export function geocodeText(geocoder: Geocoder, q: string, limit: number): GeocodeHits {
  const data = geocoder.search(q, limit);
  // Extension: when nothing matches, the nearest spellings.
  return data.length ? { data } : { data, suggestions: geocoder.suggest(q) };
}
