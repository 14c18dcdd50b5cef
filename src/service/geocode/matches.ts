/**
 * Every run of an address's words that names a unit, and how well: by the run's key, exactly, within the edits
 * its length allows, or (the word being typed) as the start of a key; a name many units share weighs less, and
 * a level word beside the run weighs for or against the unit's level.
 */
import type { Level } from '../../dataset/types.ts';
import { boundedDistance, editsAllowed } from './edit-distance.ts';
import { type GazetteerIndex, sharedWeight, type Variant } from './gazetteer-index.ts';
import type { Hint } from './lexicon.ts';
import { exactKey, phraseKey } from './name-keys.ts';
import type { Token } from './tokenize.ts';

/** A run of words of the query that names a unit. */
export interface Match {
  entry: number;
  start: number;
  end: number;
  /** How well it matches, 0 to 1, times the letters it covers. */
  value: number;
  quality: number;
}

/** How well a barangay's old name, before it was split in parts, reads one of the parts ("Tulay", Tulay Silangan). */
export const BEFORE_SPLIT = 0.85;

/** The longest run of words read as one name. */
const MAX_WORDS = 7;

/**
 * Every run of words that names a unit, with how well. A run grows a word at a time, so what it knows of its
 * words (letters, numeric, noise) is carried from the run one shorter instead of worked out again.
 */
export function findMatches(index: GazetteerIndex, tokens: Token[], typing: boolean): Match[] {
  const out: Match[] = [];
  const n = tokens.length;
  const keys: string[] = [];
  const words: string[] = [];
  for (let i = 0; i < n; i++) {
    if (tokens[i].level) continue;
    const part = tokens[i].part;
    keys.length = 0;
    words.length = 0;
    let letters = 0;
    let numeric = true;
    let anyNoise = false;
    let anyMarker = false;
    let allNoise = true;
    for (let j = i + 1; j <= Math.min(n, i + MAX_WORDS); j++) {
      const last = tokens[j - 1];
      if (last.part !== part) break;
      // a level word may stand inside a name ("Poblacion Barangay 2"), not at its end
      if (last.level) continue;
      keys.push(last.key);
      words.push(last.word);
      letters += last.word.length;
      numeric &&= !!last.numeric || last.word.length === 1;
      anyNoise ||= !!last.noise;
      anyMarker ||= !!last.marker;
      allNoise &&= !!last.noise;
      const key = phraseKey(keys, words);
      const exact = exactKey(words);
      // words of a street or purok are weak witnesses, unless the run names the marker too ("Zone 2",
      // "Rosary Heights"), as many barangays' names do
      const noise = !anyNoise ? 1 : anyMarker ? 0.9 : allNoise ? 0.35 : 0.6;
      // the whole of its comma part: a short form there stands for its whole name ("Divisoria, CDO")
      const whole = (i === 0 || tokens[i - 1].part !== part) && (j === n || tokens[j].part !== part);
      const run: Run = {
        start: i,
        end: j,
        exact,
        letters,
        numeric,
        noise,
        hint: spanHint(tokens, i, j),
        weight: 1,
        whole,
      };
      // A name many units share says less than a rare one: "Poblacion" (hundreds) less than "Tagkawayan"
      // (a near or partial match weighs no more than the exact one the same words have)
      const same = index.byKey.get(key);
      if (same) take(out, run, same, 0.93);
      else if (!numeric) {
        for (const [k, distance] of index.near(key)) {
          take(out, run, index.byKey.get(k) ?? [], distance === 1 ? 0.8 : 0.68);
        }
        // a province misspelled, closing its part: compared letter for letter ("Neuva Ecija", "Nueva Ecjia")
        if (!anyNoise && j - i <= 3 && letters >= 6 && closesPart(tokens, j)) misspeltProvince(index, run, words, out);
      }
      // The word being typed: names that start with it
      if (typing && j === n && key.length >= 3 && !numeric) {
        for (const k of index.prefixed(key, 40)) take(out, run, index.byKey.get(k) ?? [], 0.55);
      }
    }
  }
  return out;
}

/** Whether the run ending before token `j` ends its comma part. */
const closesPart = (tokens: Token[], j: number) => j === tokens.length || tokens[j].part !== tokens[j - 1].part;

/**
 * The provinces a run's letters are a misspelling of: within one edit for 6–9 letters, two from 10, of a province's
 * name as plain letters. Guarded: only a run that closes its comma part, where a province is written, and that no
 * name's key matched exactly.
 */
function misspeltProvince(index: GazetteerIndex, run: Run, words: string[], out: Match[]) {
  const plain = words.join('');
  const max = editsAllowed(plain.length);
  for (const { plain: form, variant } of index.provinceForms) {
    if (Math.abs(form.length - plain.length) > max) continue;
    const distance = boundedDistance(plain, form, max);
    if (distance === 0 || distance > max) continue;
    take(out, run, [variant], distance === 1 ? 0.8 : 0.68);
  }
}

/** A run of words being looked up, as take needs it. */
interface Run {
  start: number;
  end: number;
  exact: string;
  letters: number;
  numeric: boolean;
  noise: number;
  hint: Hint | undefined;
  /** The least shared weight of the names taken so far for this run. */
  weight: number;
  /** The run is the whole of its comma part. */
  whole: boolean;
}

/** The units a run names through one key's forms, each with how well. */
function take(out: Match[], run: Run, variants: Variant[], base: number) {
  run.weight = Math.min(run.weight, sharedWeight(variants.length));
  const { start, end, exact, letters, numeric, noise, hint, weight, whole } = run;
  for (const v of variants) {
    // a number matches only a numbered unit, and only when the text says which kind ("Brgy. 5")
    if (numeric && !v.numeric) continue;
    if (v.numeric && hint !== v.hint) continue;
    // an alias a little less than the name; a split barangay's old name less, for either part may be meant
    const form = v.before ? BEFORE_SPLIT : v.alias ? 0.95 : 1;
    let q = base * form * noise;
    if (v.exact === exact && base === 0.93) q = form * noise;
    q *= hintFactor(hint, v.level, v.hint);
    const worth = whole && v.standsFor ? Math.max(letters, v.standsFor) : letters;
    out.push({ entry: v.entry, start, end, quality: q, value: q * worth * weight });
  }
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
