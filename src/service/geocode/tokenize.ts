/**
 * Reading a Philippine address as people write it into words: each in its comma part, normalised, with its sound
 * key, and marked where it is a level word, a word of a street or purok, or a word that adds nothing.
 */
import { ENDERS, IGNORED, MARKERS } from './address-words.ts';
import {
  ABBREVIATIONS,
  type Hint,
  initialsKey,
  LEVEL_WORDS,
  NUMBER_WORDS,
  PROVINCE_SHORT_FORMS,
  romanToArabic,
} from './lexicon.ts';
import { phoneticWord } from './name-keys.ts';
import { onceAWord } from './word-memo.ts';

export interface Token {
  /** The word as written, for showing what matched. */
  raw: string;
  /** Offsets of the word in the query. */
  start: number;
  end: number;
  /** Lower case, accents folded, abbreviations expanded, numerals as digits. */
  word: string;
  /** The word's sound key (phoneticWord). */
  key: string;
  /** Comma part (or parenthesis) the word is in. */
  part: number;
  /** A level word (brgy, city …), which is never part of a name. */
  level?: Hint;
  /** In a street, subdivision, building, purok or sitio name: a weak witness of a unit. */
  noise?: boolean;
  /** A word ignored entirely. */
  ignored?: boolean;
  /** The street, subdivision, purok or sitio word itself ("St.", "Heights", "Zone"). */
  marker?: boolean;
  numeric?: boolean;
}

/**
 * Lower case with the accents off (ñ → n, é → e) and nothing else: how a word as written is looked up in the word
 * tables. Not contract/names.ts's foldName, which also turns punctuation to spaces and keeps other scripts' marks.
 */
const foldAccentsAndCase = (text: string) =>
  // nearly every word of an address is plain ASCII, which NFD leaves as it is (the cost of every word)
  !/[\u0080-\uffff]/.test(text)
    ? text.toLowerCase()
    : text
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase();

const SEPARATORS = ',;()/\n|';

/** Words of a name or address with their offsets, split on anything but letters and digits. */
export function words(text: string): { raw: string; start: number; end: number; part: number }[] {
  const out: { raw: string; start: number; end: number; part: number }[] = [];
  let part = 0;
  // initials written with their dots ("N.E.", "Z.S.") are one word; then words of letters and digits; separators
  const re = /(?:\p{L}\.){2,}|[\p{L}\p{N}]+|[,;()/\n|]/gu;
  for (const m of text.matchAll(re)) {
    const raw = m[0];
    // the pattern's second branch: one separator
    if (raw.length === 1 && SEPARATORS.includes(raw)) {
      part++;
      continue;
    }
    // "176-A", "Lapu-Lapu": split on hyphens and apostrophes (the key joins words anyway)
    out.push({ raw, start: m.index, end: m.index + raw.length, part });
  }
  return out;
}

/**
 * What tokenize reads of a word as written, worked out once a word (four lookups, a fold and a test a
 * word were 10% of matchAddress): folded, normalised, its sound key, and whether it is a number.
 */
const wordFacts = onceAWord((raw) => {
  const word = normalWord(raw);
  return { folded: foldAccentsAndCase(raw), word, key: phoneticWord(word), numeric: /^\d+$/.test(word) };
});

/** One word normalised: folded, abbreviation expanded, numeral as digits. */
export const normalWord = onceAWord(normal);

function normal(raw: string): string {
  const w = foldAccentsAndCase(raw).replace(/[^a-z0-9]/g, '');
  if (!w) return w;
  const known = ABBREVIATIONS.get(w) ?? NUMBER_WORDS.get(w);
  if (known) return known;
  const roman = w.length <= 4 ? romanToArabic(w) : null;
  if (roman) return roman;
  // "5th", "1st": the number
  const ordinal = w.match(/^(\d+)(st|nd|rd|th)$/);
  if (ordinal) return ordinal[1];
  return w;
}

/**
 * Reads an address into tokens, marking level words, and the words of streets, subdivisions, buildings,
 * puroks and sitios, which are kept as weak witnesses (a barangay is sometimes written as a sitio) rather than
 * dropped.
 */
export function tokenize(text: string): Token[] {
  const found = words(text);
  const n = found.length;
  const tokens: Token[] = new Array(n);
  // each word as written, folded: the word tables are looked up by it
  const folded: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const { raw, start, end, part } = found[i];
    const facts = wordFacts(raw);
    tokens[i] = { raw, start, end, part, word: facts.word, key: facts.key, numeric: facts.numeric };
    folded[i] = facts.folded;
  }
  // A province's initials or code with its dots, closing its part: "Cabanatuan City, N.E.", "Sta. Ana Pam." (issue
  // 34). Read as that short form only there: "S.K." inside "Gen. S.K. Pendatun", or "Cam." of "Cam. Sur", is a word
  // of a name.
  for (let i = 0; i < n; i++) {
    const t = tokens[i];
    const closes = i === n - 1 || tokens[i + 1].part !== t.part;
    const dotted = t.raw.endsWith('.') || text[t.end] === '.';
    if (!closes || !dotted || ABBREVIATIONS.has(folded[i]) || LEVEL_WORDS.has(folded[i])) continue;
    const key = initialsKey(t.word);
    if (PROVINCE_SHORT_FORMS.has(key)) t.word = t.key = key;
  }
  for (let i = 0; i < n; i++) {
    const t = tokens[i];
    const raw = folded[i];
    if (IGNORED.has(raw) && !(raw === 'ph' && /^\d/.test(tokens[i + 1]?.word ?? ''))) t.ignored = true;
    const zip = t.numeric && t.word.length === 4 && !LEVEL_WORDS.has(folded[i - 1] ?? '');
    if (zip) t.ignored = true;
    const level = LEVEL_WORDS.get(raw);
    // "City of X", "X City", "Brgy. X"; "City" alone, or a level word inside a name ("Barangay Uno"), stays a hint
    if (level) t.level = level;
  }
  // "Not a province" (NHFR's NCR districts), "of": ignored
  for (let i = 0; i < n; i++) {
    const t = tokens[i];
    if (t.word === 'not' && tokens[i + 1]?.word === 'a' && tokens[i + 2]?.level === 'Prov') {
      t.ignored = tokens[i + 1].ignored = tokens[i + 2].ignored = true;
      tokens[i + 2].level = undefined;
    }
    if (t.word === 'of' && (tokens[i - 1]?.level || tokens[i - 1]?.word === 'garden')) t.ignored = true;
  }
  // Streets, subdivisions and buildings: "123 Rizal St.", "Mabuhay Homes", "MYL Building" — the words of the
  // part before the ender, back to a number, a level word or the part's start.
  for (let i = 0; i < n; i++) {
    const t = tokens[i];
    const raw = folded[i];
    if (!ENDERS.has(raw) || t.level) continue;
    // "St." first in a part is "Saint" as often as not: leave it
    if (i === 0 || tokens[i - 1].part !== t.part) continue;
    t.noise = true;
    t.marker = true;
    for (let j = i - 1; j >= 0 && tokens[j].part === t.part && !tokens[j].level; j--) {
      tokens[j].noise = true;
      if (tokens[j].numeric) break;
    }
  }
  // Markers: "Purok 3", "Sitio Malinis", "Blk 5 Lot 12", "Zone 4", "Km. 7" — the marker and what follows it in
  // the part, up to a level word; a number only, when the part goes on after it ("Zone 4 Nabua").
  for (let i = 0; i < n; i++) {
    const t = tokens[i];
    const raw = folded[i];
    if (!MARKERS.has(raw) || t.level) continue;
    // "No." after a level word is the barangay's number: "Barangay No. 5"
    if (raw === 'no' && (tokens[i - 1]?.level === 'Bgy' || tokens[i - 1]?.word === 'poblacion')) {
      t.ignored = true;
      continue;
    }
    t.noise = true;
    t.marker = true;
    const next = tokens[i + 1];
    if (!next || next.part !== t.part || next.level) continue;
    if (next.numeric || next.word.length <= 2) {
      next.noise = true;
      // "Blk 5-A", "Purok 1-B"
      const after = tokens[i + 2];
      if (after && after.part === t.part && after.word.length === 1 && !after.numeric) after.noise = true;
      continue;
    }
    // a name: "Sitio Malinis", "Purok Malipayon" — to the end of the part or the next level word
    for (let j = i + 1; j < n && tokens[j].part === t.part && !tokens[j].level; j++) tokens[j].noise = true;
  }
  // A house number at the start of a part: "123 Rizal St", "#15 Eisenhower"
  for (let i = 0; i < n; i++) {
    const t = tokens[i];
    const first = i === 0 || tokens[i - 1].part !== t.part;
    if (first && t.numeric && !t.level && tokens[i + 1]?.part === t.part && !tokens[i + 1].numeric) t.noise = true;
  }
  return tokens.filter((t) => !t.ignored);
}
