/**
 * ZIP codes in an address, as evidence of its town. A four-digit number is also a house number, a
 * street number or a year, so one is read as a ZIP code only where the address's shape says so, and only if
 * PHLPost's table has it (Unit.zipCodes, docs/data.md).
 */
import type { Level } from '../../dataset/types.ts';
import type { Dataset } from '../dataset.ts';
import { MARKERS } from './address-words.ts';
import type { GazetteerIndex } from './gazetteer-index.ts';
import { LEVEL_WORDS } from './lexicon.ts';
import type { Match } from './matches.ts';
import type { Scored } from './score.ts';
import type { Token } from './tokenize.ts';
import { words } from './tokenize.ts';

/** A ZIP code found in an address: the code and where it is in the text. */
export interface ZipInText {
  code: string;
  start: number;
  end: number;
  /**
   * Where a ZIP code stands and nothing else does (after "ZIP", the address's last word, before a place's name):
   * such a code that disagrees is said. Elsewhere (alone between commas, after a place's name inside the address)
   * a house number stands too: there the number counts only when it agrees.
   */
  strong: boolean;
}

/** The levels that carry ZIP codes: a town, or one of Manila's districts. */
const ZIP_LEVELS = new Set<Level>(['City', 'Mun', 'SGU', 'SubMun']);
/** The levels a ZIP code's words may name when it stands before them ("1634 Metro Manila", "8000 Davao del Sur"). */
const PLACE_LEVELS = new Set<Level>(['Reg', 'Prov', 'Dist', 'SGA', 'City', 'Mun', 'SubMun']);
/** Words that may follow a ZIP code at the end of an address and add nothing. */
const TRAILING = new Set(['philippines', 'philippine', 'phils', 'phil', 'ph']);
/** Words that announce a ZIP code. */
const LABELS = new Set(['zip', 'zipcode', 'code', 'postal']);
/** Words before a year ("Series of 2021", "Est. 1998"). */
const YEAR_WORDS = new Set(['of', 'series', 'year', 'since', 'est', 'established', 'sy', 'founded']);

/**
 * PHLPost's ZIP codes over the geocoder's index: which towns (or Manila districts) have a code, and which code
 * a unit's town has. A city whose districts have the code (Manila) is not listed for it: its district is.
 */
export class ZipIndex {
  /** ZIP code → the entries of the towns and districts that have it, most populous first. */
  private readonly towns = new Map<string, number[]>();
  /** Entry → the ZIP codes of its town (or, in Manila, its district). */
  private readonly zipsOfTown = new Map<number, readonly string[]>();

  constructor(
    private readonly index: GazetteerIndex,
    data: Dataset,
  ) {
    index.entries.forEach((e, i) => {
      if (!ZIP_LEVELS.has(e.g.level)) return;
      const zips = data.byCode.get(e.g.code)?.zipCodes;
      if (!zips?.length) return;
      this.zipsOfTown.set(i, zips);
      for (const zip of zips) this.towns.set(zip, [...(this.towns.get(zip) ?? []), i]);
    });
    for (const [zip, list] of this.towns) {
      const within = list.filter((t) => !list.some((o) => o !== t && index.entries[o].ancestors.includes(t)));
      within.sort((a, b) => (index.entries[b].g.population ?? 0) - (index.entries[a].g.population ?? 0));
      this.towns.set(zip, within);
    }
  }

  get size(): number {
    return this.towns.size;
  }

  /** The towns (or Manila districts) a ZIP code belongs to, most populous first; none for an unknown code. */
  townsOf(zip: string): readonly number[] {
    return this.towns.get(zip) ?? [];
  }

  /** The entry a unit's ZIP codes are read from: itself at town level, else its nearest town or district. */
  private townOf(entry: number): number | undefined {
    const e = this.index.entries[entry];
    if (ZIP_LEVELS.has(e.g.level)) return entry;
    return e.ancestors.find((a) => ZIP_LEVELS.has(this.index.entries[a].g.level));
  }

  /**
   * Whether a unit agrees with a ZIP code: a town, district or barangay when its town (its district, in Manila)
   * has the code; a province or region when one of the code's towns lies in it.
   */
  agrees(entry: number, zip: string): boolean {
    const town = this.townOf(entry);
    if (town !== undefined) return this.zipsOfTown.get(town)?.includes(zip) ?? false;
    return this.townsOf(zip).some((t) => this.index.entries[t].ancestors.includes(entry));
  }

  /**
   * The ZIP code an address carries, if its shape says a four-digit number is one. Strong: after "ZIP" or "code";
   * the last word (but "Philippines"); first in a comma part whose other words all name a place ("Taguig, 1634
   * Metro Manila", or "4027 Laguna" when that is the whole address). Weak: alone between commas; last in a part, right after a place's name ("Calamba 4027,
   * Laguna"). Never in the address's first part but as its last word, where house numbers stand ("1084 Real St."),
   * nor after "Brgy.", a marker or a year's word ("Brgy. 1008", "Lot 1234", "Series of 2021"). The last such
   * number wins.
   */
  find(text: string, tokens: Token[], matches: Match[]): ZipInText | null {
    const all = words(text);
    const folded = all.map((w) => w.raw.toLowerCase());
    let last = all.length - 1;
    while (last >= 0 && TRAILING.has(folded[last])) last--;
    const single = all.every((w) => w.part === all[0].part);
    let found: ZipInText | null = null;
    for (let i = 0; i < all.length; i++) {
      const w = all[i];
      if (!/^\d{4}$/.test(w.raw) || !this.towns.has(w.raw)) continue;
      const before = i > 0 && all[i - 1].part === w.part ? folded[i - 1] : null;
      const labelled = before !== null && LABELS.has(before);
      // "Brgy. 1008" is a barangay's number; "Butuan City 8600" a ZIP code
      const numbered = LEVEL_WORDS.get(before ?? '') === 'Bgy' || MARKERS.has(before ?? '');
      if (before !== null && !labelled && (numbered || YEAR_WORDS.has(before))) continue;
      const endsPart = all[i + 1]?.part !== w.part;
      const later = w.part > all[0].part;
      // "4027 Laguna" alone is a ZIP code and a province; "1234 Rizal, Cainta" a house on Rizal Street
      const placeAfter = (later || single) && before === null && !endsPart;
      const strong = labelled || i === last || (placeAfter && this.namesPlace(tokens, matches, w, 'after'));
      const weak = later && endsPart && (before === null || this.namesPlace(tokens, matches, w, 'before'));
      if (strong || weak) found = { code: w.raw, start: w.start, end: w.end, strong };
    }
    return found;
  }

  /**
   * Whether the words after a ZIP code in its part are one run that names a town, province or region ("1634 Metro
   * Manila"), or the words before it end with a run that names a unit ("Poblacion Dos 8005").
   */
  private namesPlace(
    tokens: Token[],
    matches: Match[],
    zip: { start: number; end: number; part: number },
    side: 'before' | 'after',
  ): boolean {
    if (side === 'after') {
      const first = tokens.findIndex((t) => t.start > zip.end && t.part === zip.part);
      if (first < 0) return false;
      let end = first;
      while (end < tokens.length && tokens[end].part === zip.part) end++;
      return matches.some(
        (m) =>
          m.start === first &&
          m.end === end &&
          m.quality >= 0.9 &&
          PLACE_LEVELS.has(this.index.entries[m.entry].g.level),
      );
    }
    let end = 0;
    while (end < tokens.length && tokens[end].start < zip.start) end++;
    if (!end || tokens[end - 1].part !== zip.part) return false;
    return matches.some((m) => m.end === end && m.quality >= 0.9);
  }
}

/** A reading of the whole address as search.ts ranks them. */
interface Reading {
  s: Scored;
  score: number;
  context: number;
}

/** How sure a town placed by its ZIP code alone is: one town of that code, or one of several. */
export const ZIP_ALONE_CONFIDENCE = { one: 0.8, shared: 0.45 };

/** The levels whose readings name a town ("… Calamba", "Brgy. Real, Calamba"), not only a province or region. */
const BELOW_PROVINCE = new Set<Level>(['City', 'Mun', 'SGU', 'SubMun', 'Bgy']);

/**
 * Weighs a ZIP code the address carries against the readings, best first, and reorders them in place:
 *
 * - the first reading agrees: nothing moves (search.ts raises its confidence);
 * - the best reading that agrees comes first when it ties with the first, when the first is a barangay in a town
 *   the address does not name and it explains nearly as much (80%), or when the first is a town without the
 *   barangay named and it is that barangay in another town (the barangay and the ZIP code against the town);
 * - the first is a province or region (no town named, or none found): the code's towns in it come first, placed
 *   by the code alone;
 * - otherwise the first stays, the disagreement is said (search.ts), and the code's town comes second.
 *
 * A weak code (ZipInText.strong) that the first reading does not agree with is no evidence: null, and the
 * answer says nothing of it. Otherwise returns the readings the code alone placed, with their confidence.
 */
export function weighZip<R extends Reading>(
  zips: ZipIndex,
  index: GazetteerIndex,
  zip: ZipInText,
  ranked: R[],
  make: (s: Scored) => R,
  explain: (s: Scored) => void,
): Map<Scored, number> | null {
  const placed = new Map<Scored, number>();
  const first = ranked[0];
  if (!first) return placed;
  // a number where a house number may stand counts only when it agrees with the reading
  if (!zip.strong) return zips.agrees(first.s.entry, zip.code) ? placed : null;
  const level = (entry: number) => index.entries[entry].g.level;
  const towns = zips.townsOf(zip.code);
  const confidence = towns.length > 1 ? ZIP_ALONE_CONFIDENCE.shared : ZIP_ALONE_CONFIDENCE.one;
  const byZip = (t: number) => {
    const ancestors = index.entries[t].ancestors;
    const used = first.s.used.filter((m) => m.entry >= 0 && ancestors.includes(m.entry));
    const total = used.reduce((sum, m) => sum + m.value, 0);
    const s: Scored = { entry: t, score: first.score, context: first.context, total, used };
    placed.set(s, confidence);
    return make(s);
  };
  if (!BELOW_PROVINCE.has(level(first.s.entry))) {
    // no town named, or none found: the code's towns in the province (or region) named
    const inside = towns.filter((t) => index.entries[t].ancestors.includes(first.s.entry));
    if (inside.length) {
      ranked.unshift(...inside.map(byZip));
      return placed;
    }
  } else if (zips.agrees(first.s.entry, zip.code)) return placed;
  // among the twenty best, or any reading as good as the first ("Poblacion" ties hundreds of barangays)
  const asGood = (r: R) => r.score === first.score && r.context === first.context;
  const agreeing = ranked.findIndex(
    (r, i) =>
      i > 0 && (i < 20 || asGood(r)) && BELOW_PROVINCE.has(level(r.s.entry)) && zips.agrees(r.s.entry, zip.code),
  );
  if (agreeing > 0) {
    const r = ranked[agreeing];
    explain(r.s);
    const namesTown = first.s.used.some((m) => m.entry >= 0 && ZIP_LEVELS.has(level(m.entry)));
    const tie = r.score === first.score && r.context === first.context;
    const townless = level(first.s.entry) === 'Bgy' && !namesTown && r.score >= 0.8 * first.score;
    const barangayElsewhere = first.s.notFound?.level === 'Bgy' && level(r.s.entry) === 'Bgy' && !!r.s.outside;
    if (tie || townless || barangayElsewhere) {
      ranked.unshift(...ranked.splice(agreeing, 1));
      return placed;
    }
  }
  // the first stays, and says the code is another town's; that town is the alternative offered next
  if (agreeing > 1) ranked.splice(1, 0, ...ranked.splice(agreeing, 1));
  else if (agreeing < 0) ranked.splice(1, 0, ...towns.slice(0, 3).map(byZip));
  return placed;
}
