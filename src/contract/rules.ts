import { foldName } from './names.ts';

/**
 * What the service accepts when a region or province is created (README, "Creation") and in a query's text
 * parameters. The service enforces these; the admin forms check the same before sending, so both read them
 * from here.
 */
export interface CodeRule {
  pattern: RegExp;
  max: number;
  /** The rule in words, to finish "code must be …" or "Use …". */
  words: string;
}

export const NAME_MAX = 200;

/**
 * Characters a name may not hold once trimmed: controls (Cc: tabs, newlines, NUL), format characters (Cf: the
 * bidi overrides and isolates U+202A–U+202E and U+2066–U+2069, which can make a name display as another one
 * (CVE-2021-42574, "Trojan Source"), zero-width U+200B–U+200D, U+FEFF), lone surrogates (Cs, which UTF-8 cannot
 * carry, so the name read back would differ from the one stored) and the line and paragraph separators
 * (Zl, Zp). A name is one line of visible text.
 */
export const NAME_FORBIDDEN = /[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/u;

/**
 * What is wrong with a name already trimmed and NFC-normalised, finishing "name …", or undefined. The stored
 * records are checked with it too, so what a create refuses cannot come in through the records file.
 */
export function nameProblem(name: string): string | undefined {
  if (!name) return 'must not be empty';
  if (name.length > NAME_MAX) return `must be at most ${NAME_MAX} characters`;
  const bad = name.match(NAME_FORBIDDEN)?.[0];
  if (bad) return `must not contain control or format characters (it has ${codePoint(bad)})`;
  return undefined;
}

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Caps on the text a query parameter may carry, over which it is a 400 naming it: every endpoint folds or
 * scans what it is given, and no name, address or id it could match is longer. 300 is what a batch reads
 * of an address; the geocoder's `q` keeps the 200 it always had; an id is at most 40, as `region_id` in a
 * create's body; `codes` fits 100 ten-digit codes with a comma after each.
 */
export const QUERY_TEXT_MAX = 300;
/** How many codes one search by codes takes at most (POST /v1/{regions,provinces,barangays}/search, `codes[]`). */
export const MAX_CODES = 100;
export const GEOCODE_Q_MAX = 200;
export const QUERY_ID_MAX = 40;
export const CODES_TEXT_MAX = MAX_CODES * 11;

/**
 * The fewest letters or digits a search text must have: GET /v1/municities/search answers a 400 under it, and the
 * client sends no search under it (town search, place search, the match's "find the right place").
 */
export const QUERY_MIN = 2;

/**
 * Whether a search text is long enough, counted as the service counts it: on the folded text (names.ts), so
 * punctuation and spaces do not count ("!!" and "é." are too short) and what the client sends, the service takes.
 */
export const isLongEnoughQuery = (text: string): boolean => foldName(text).length >= QUERY_MIN;

export const REGION_CODE: CodeRule = {
  pattern: /^[A-Z][A-Z0-9-]{0,15}$/,
  max: 16,
  words: '1 to 16 letters, digits or hyphens, starting with a letter (like NIR)',
};

export const PROVINCE_CODE: CodeRule = {
  pattern: /^[A-Z][A-Z0-9-]{1,9}$/,
  max: 10,
  words: '2 to 10 letters, digits or hyphens, starting with a letter (like CEB)',
};
