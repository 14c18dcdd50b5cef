/**
 * Reading Philippine addresses as people write them: tokens, the words that are not place names, and keys that
 * compare names across the usual spelling variations.
 */

/** Levels a word can announce: "Brgy. X", "X City", "Mun. of X", "Province of X". */
export type Hint = 'Bgy' | 'City' | 'Mun' | 'Prov' | 'Reg';

/**
 * Words people abbreviate, mapped to the word the code list uses. The word tables are Maps, not objects: they are
 * looked up by words of user text, and a plain object answers `constructor` or `__proto__` too (issue 31).
 */
const ABBREVIATIONS = new Map<string, string>(
  Object.entries({
    sto: 'santo',
    sta: 'santa',
    sn: 'san',
    pob: 'poblacion',
    poblacion: 'poblacion',
    gen: 'general',
    gral: 'general',
    pres: 'president',
    presidente: 'president',
    mt: 'mount',
    occ: 'occidental',
    zambo: 'zamboanga',
    mla: 'manila',
    sr: 'senior',
    jr: 'junior',
    // Spanish, English and Tagalog directions read as one word each
    north: 'norte',
    south: 'sur',
    east: 'este',
    west: 'oeste',
    new: 'nuevo',
    nueva: 'nuevo',
  }),
);

/** Numerals in the words people use for barangay numbers: Uno, Dos, Primero, Segundo, First, I, II … */
const NUMBER_WORDS = new Map<string, string>(
  Object.entries({
    uno: '1',
    una: '1',
    primero: '1',
    primera: '1',
    first: '1',
    one: '1',
    dos: '2',
    segundo: '2',
    segunda: '2',
    second: '2',
    two: '2',
    tres: '3',
    tercero: '3',
    tercera: '3',
    third: '3',
    three: '3',
    kuatro: '4',
    cuatro: '4',
    cuarto: '4',
    fourth: '4',
    four: '4',
    singko: '5',
    cinco: '5',
    quinto: '5',
    fifth: '5',
    five: '5',
    seis: '6',
    sais: '6',
    sixth: '6',
    six: '6',
    siyete: '7',
    siete: '7',
    seventh: '7',
    otso: '8',
    ocho: '8',
    eighth: '8',
    nuebe: '9',
    nueve: '9',
    ninth: '9',
    diyes: '10',
    diez: '10',
    tenth: '10',
  }),
);

const ROMAN = /^(x{0,3})(ix|iv|v?i{0,3})$/;
const ROMAN_VALUES = new Map([
  ['i', 1],
  ['v', 5],
  ['x', 10],
]);

/** "iv" → "4", "xii" → "12"; anything else unchanged. */
export function romanToArabic(word: string): string | null {
  if (!word || !ROMAN.test(word)) return null;
  let total = 0;
  for (let i = 0; i < word.length; i++) {
    const v = ROMAN_VALUES.get(word[i]) ?? 0;
    total += v < (ROMAN_VALUES.get(word[i + 1]) ?? 0) ? -v : v;
  }
  return String(total);
}

/** "IV-A" → "4A", so "Region 4A" finds Region IV-A. */
export function romanToNumber(numeral: string): string {
  const [roman, suffix = ''] = numeral.split('-');
  return `${romanToArabic(roman.toLowerCase()) ?? roman}${suffix}`;
}

/** Words that say what kind of place follows or precedes. */
export const LEVEL_WORDS = new Map<string, Hint>(
  Object.entries({
    brgy: 'Bgy',
    bgy: 'Bgy',
    brg: 'Bgy',
    bgry: 'Bgy',
    barangay: 'Bgy',
    baranggay: 'Bgy',
    brangay: 'Bgy',
    barrio: 'Bgy',
    bo: 'Bgy',
    city: 'City',
    cty: 'City',
    municipality: 'Mun',
    mun: 'Mun',
    munisipyo: 'Mun',
    town: 'Mun',
    province: 'Prov',
    prov: 'Prov',
    region: 'Reg',
  }),
);

/** Words after which the next number or name is a part of a barangay, not a unit: Purok 3, Sitio Malinis. */
const MARKERS = new Set([
  'purok',
  'prk',
  'sitio',
  'sito',
  'zone',
  'zona',
  'phase',
  'ph',
  'block',
  'blk',
  'bk',
  'lot',
  'lt',
  'unit',
  'km',
  'kilometer',
  'door',
  'rm',
  'room',
  'flr',
  'floor',
  'house',
  'hse',
  'no',
  'nos',
  'num',
  'bldg',
  'building',
  'stall',
  'gate',
  'area',
  'cluster',
  'district',
  'interior',
  'int',
]);

/** Words that end a street, subdivision or building name: the words before them in the part are not units. */
const ENDERS = new Set([
  'st',
  'str',
  'street',
  'sts',
  'ave',
  'av',
  'avenue',
  'road',
  'rd',
  'highway',
  'hiway',
  'hi-way',
  'hway',
  'hwy',
  'blvd',
  'boulevard',
  'drive',
  'dr',
  'lane',
  'ln',
  'extension',
  'ext',
  'alley',
  'corner',
  'cor',
  'subdivision',
  'subd',
  'sub',
  'village',
  'vill',
  'vil',
  'homes',
  'heights',
  'hts',
  'estate',
  'estates',
  'residences',
  'residence',
  'compound',
  'cmpd',
  'cpd',
  'townhomes',
  'townhouse',
  'apartment',
  'apartments',
  'apt',
  'condominium',
  'condo',
  'tower',
  'towers',
  'plaza',
  'mall',
  'market',
  'center',
  'centre',
  'hospital',
  'clinic',
  'school',
  'church',
  'bldg',
  'building',
  'complex',
  'hall',
  'park',
  'ville',
  'villas',
  'court',
  'place',
  'square',
  'terminal',
  'pier',
  'wharf',
  'port',
  'airport',
  'station',
]);

/** Words that add nothing: the country, "capital", "not a province", a ZIP label. */
const IGNORED = new Set(['philippines', 'philippine', 'phils', 'phil', 'ph', 'capital', 'zip', 'code', 'zipcode']);

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
 * One word's key for comparing names across the spellings people use: c/k, o/u, e/i, y/i, gu/g, qu/k, z/s,
 * v/b, w/u, ph/f, ñ/n, -ng/-n, doubled letters. "Kalookan" and "Caloocan" share a key, as do "Parañaque" and
 * "Paranaque".
 */
export function phoneticWord(word: string): string {
  let key = phoneticCache.get(word);
  if (key === undefined) {
    key = phonetic(word);
    if (phoneticCache.size < 200_000) phoneticCache.set(word, key);
  }
  return key;
}
// Names repeat their words (San, Santo, Poblacion …): each word's key is worked out once.
const phoneticCache = new Map<string, string>();

function phonetic(word: string): string {
  if (/^\d/.test(word)) return word;
  let w = word
    .replace(/ph/g, 'f')
    .replace(/qu([ei])/g, 'k$1')
    .replace(/qu/g, 'ku')
    .replace(/gu([ei])/g, 'g$1')
    .replace(/c([eiy])/g, 's$1')
    .replace(/ch/g, 'ts')
    .replace(/c/g, 'k')
    .replace(/ng$/, 'n')
    .replace(/z/g, 's')
    .replace(/v/g, 'b')
    .replace(/w/g, 'u')
    .replace(/y/g, 'i')
    .replace(/e/g, 'i')
    .replace(/o/g, 'u')
    .replace(/h/g, '');
  w = w.replace(/(.)\1+/g, '$1');
  return w || word;
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Words of a name or address with their offsets, split on anything but letters and digits. */
function words(text: string): { raw: string; start: number; end: number; part: number }[] {
  const out: { raw: string; start: number; end: number; part: number }[] = [];
  let part = 0;
  const re = /[\p{L}\p{N}]+|[,;()/\n|]/gu;
  for (const m of text.matchAll(re)) {
    const raw = m[0];
    if (/^[,;()/\n|]$/.test(raw)) {
      part++;
      continue;
    }
    // "176-A", "Lapu-Lapu": split on hyphens and apostrophes (the key joins words anyway)
    out.push({ raw, start: m.index, end: m.index + raw.length, part });
  }
  return out;
}

/** One word normalised: folded, abbreviation expanded, numeral as digits. */
export function normalWord(raw: string): string {
  let word = normalCache.get(raw);
  if (word === undefined) {
    word = normal(raw);
    if (normalCache.size < 200_000) normalCache.set(raw, word);
  }
  return word;
}
const normalCache = new Map<string, string>();

function normal(raw: string): string {
  const w = fold(raw).replace(/[^a-z0-9]/g, '');
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
  const tokens: Token[] = words(text).map((w) => {
    const word = normalWord(w.raw);
    return { ...w, word, key: phoneticWord(word) };
  });
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    const t = tokens[i];
    const raw = fold(t.raw);
    t.numeric = /^\d+$/.test(t.word);
    if (IGNORED.has(raw) && !(raw === 'ph' && /^\d/.test(tokens[i + 1]?.word ?? ''))) t.ignored = true;
    if (t.numeric && t.word.length === 4 && !LEVEL_WORDS.has(fold(tokens[i - 1]?.raw ?? ''))) t.ignored = true; // ZIP
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
    const raw = fold(t.raw);
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
    const raw = fold(t.raw);
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

/** The words that end a name's significant part when comparing: norte, sur …, read in any order. */
const DIRECTIONS = new Set(['norte', 'sur', 'este', 'oeste', 'nuevo', 'viejo', 'central', 'proper', 'centro']);

/**
 * The key of a run of words, for lookups: the words' sound keys joined without spaces ("San Isidro" and
 * "Sanisidro" agree, as do "Malo-ong" and "Maloong"), with the direction words moved to the end and sorted, so
 * "San Isidro Sur" and "Sur San Isidro", or "Nuevo X" and "X Nuevo", agree.
 */
export function phraseKey(keys: string[], words: string[]): string {
  const main: string[] = [];
  const dirs: string[] = [];
  for (let i = 0; i < keys.length; i++) (DIRECTIONS.has(words[i]) && keys.length > 1 ? dirs : main).push(keys[i]);
  if (!main.length) return dirs.join('');
  // letters doubled across a dropped hyphen ("Malo-ong") fold like those inside a word
  return main.join('').replace(/([a-z])\1+/g, '$1') + (dirs.length ? `~${dirs.sort().join('')}` : '');
}

/** The same run's exact key (no sound rules), to tell an exact match from a near one. */
export function exactKey(words: string[]): string {
  const main: string[] = [];
  const dirs: string[] = [];
  for (const w of words) (DIRECTIONS.has(w) && words.length > 1 ? dirs : main).push(w);
  if (!main.length) return dirs.join('');
  return main.join('') + (dirs.length ? `~${dirs.sort().join('')}` : '');
}

export interface NameVariant {
  key: string;
  exact: string;
  /** The variant is a form people use, not the name as listed. */
  alias: boolean;
  /** A number only ("Barangay 5" → "5"): matched only when the text says it is a barangay. */
  numeric: boolean;
  hint?: Hint;
}

/**
 * The forms of a listed name: "City of San Fernando (Capital)" → "San Fernando" (a city); "Rodriguez
 * (Montalban)" → "Rodriguez", "Montalban"; "Barangay No. 1, San Lorenzo (Pob.)" → "1 San Lorenzo", "1",
 * "San Lorenzo"; "Tuburan Proper (Pob.)" → "Tuburan Proper", "Tuburan".
 */
export function nameVariants(name: string): NameVariant[] {
  const out = new Map<string, NameVariant>();
  const add = (ws: Token[], alias: boolean) => {
    let hint: Hint | undefined;
    let list = ws.filter((t) => {
      if (t.level && ws.length > 1) {
        hint ??= t.level;
        return false;
      }
      return true;
    });
    list = list.filter((t) => t.word !== 'of' && t.word !== 'no');
    if (!list.length) return;
    const key = phraseKey(
      list.map((t) => t.key),
      list.map((t) => t.word),
    );
    const exact = exactKey(list.map((t) => t.word));
    const numeric = list.every((t) => /^\d+$/.test(t.word) || t.word.length === 1);
    const v = { key, exact, alias, numeric, hint };
    const prev = out.get(exact);
    if (!prev || (prev.alias && !alias)) out.set(exact, v);
  };
  // Parts as the list writes them, level words kept as hints; markers and enders are names here.
  const tokens: Token[] = words(name).map((w) => {
    const word = normalWord(w.raw);
    const level = LEVEL_WORDS.get(word);
    return { ...w, word, key: phoneticWord(word), level };
  });
  const isPob = (t: Token) => t.word === 'poblacion' || t.word === 'capital';
  const parts = new Map<number, Token[]>();
  for (const t of tokens) parts.set(t.part, [...(parts.get(t.part) ?? []), t]);
  const partList = [...parts.values()];
  // The whole name, with parenthesised "(Pob.)" and "(Capital)" left out
  const pobParts = partList.filter((p) => p.length === 1 && isPob(p[0]));
  const significant = pobParts.length < partList.length ? partList.filter((p) => !pobParts.includes(p)) : partList;
  const inParens = (p: Token[]) => {
    const open = name.lastIndexOf('(', p[0].start);
    return open >= 0 && name.lastIndexOf(')', p[0].start) < open;
  };
  const main = significant.filter((p) => !inParens(p));
  add(main.flat(), false);
  if (significant.length !== main.length || main.length > 1) {
    for (const p of significant) add(p, true);
  }
  // "Tuburan Proper" → "Tuburan"
  for (const p of main) {
    if (p.length > 1 && p[p.length - 1].word === 'proper') add(p.slice(0, -1), true);
    // "Poblacion 1" as "1" is too loose; "Barangay 1" as "1" is kept (numeric, matched only after "Brgy.")
  }
  // "City of X" and "X": the hint is kept; the bare name is an alias for cities ("Laoag" for City of Laoag)
  return [...out.values()];
}

/** All strings one deletion away (and the string itself): two strings within one edit share one. */
export function deletions(key: string): string[] {
  const out = [key];
  for (let i = 0; i < key.length; i++) out.push(key.slice(0, i) + key.slice(i + 1));
  return out;
}

/** Edit distance (a swap of neighbouring letters counts as one edit), or max + 1 once it must exceed `max`. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2] + 1);
      current[j] = v;
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** Levenshtein distance ≤ 1, or one swap of neighbouring letters. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/** Edits a key of this length may be off by: none under 5 letters, one to 9, two from 10. */
export function editsAllowed(length: number): number {
  return length < 5 ? 0 : length < 10 ? 1 : 2;
}
