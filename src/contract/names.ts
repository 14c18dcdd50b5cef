/**
 * How names are compared, by the service (lookups, duplicates, search) and by the client where it finds names
 * itself (the admin forms' lists of places): one foldName for both, so a name the client offers is one the service
 * takes. The pipeline compares names of its sources more strictly (punctuation kept, as the code list writes it),
 * with the folds at the end of this file; it imports nothing else of contract/.
 */

const ACCENTS_ON_ASCII = /([A-Za-z])[\u0300-\u036f]+/g;
const ASCII = /^\p{ASCII}*$/u;

/**
 * A name as names are compared everywhere: case aside, accents on Latin letters folded (ñ = n, á = a), punctuation
 * to spaces, and NFC and NFD spellings alike. Letters and marks of every script count: a Baybayin, Arabic or
 * Chinese name folds to itself, not to nothing, and marks on letters of other scripts are kept, since there
 * they are vowels (Baybayin's kudlit: ᜃ ka, ᜃᜒ ki), not accents. NFKD also folds the compatibility forms
 * (fullwidth Ｃｅｂｕ = Cebu).
 */
export function foldName(text: string): string {
  // Nearly every name and address is Latin letters with accents: once the accents are off it is ASCII, and the
  // ASCII-only steps give the same answer as the Unicode ones below at a third of their cost (the geocoder
  // folds every gazetteer name and every address of a matched file).
  const nfd = text.normalize('NFD').replace(ACCENTS_ON_ASCII, '$1');
  if (ASCII.test(nfd))
    return nfd
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  return foldNameUnicode(text);
}

/** foldName without its ASCII shortcut (exported for the test that holds the two to the same answers). */
export function foldNameUnicode(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * What two names are compared by when one must not repeat (a province's name in its region): foldName, or,
 * for a name that folds to nothing (symbols only, like 🌴 or 🌋), the name itself in lower case, so two such
 * names are not taken for each other.
 */
export const uniqueNameKey = (name: string): string => foldName(name) || name.normalize('NFKD').toLowerCase();

/**
 * Case and runs of white space folded, ends trimmed; punctuation and accents kept. The pipeline pairs Manila's
 * barangays of the boundary file with the code list's by it: their names differ only so ("Barangay 818-A").
 */
export const foldCaseAndSpaces = (name: string): string => name.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * foldCaseAndSpaces with every combining mark dropped too (Santo Niño = santo nino); punctuation kept, so
 * "Barangay 176-A" stays apart from "Barangay 176 A". The pipeline compares names across vintages and sources
 * by it (crosswalk, splits, census, ZIP codes).
 */
export const foldCaseSpacesAndMarks = (name: string): string =>
  foldCaseAndSpaces(name.normalize('NFD').replace(/\p{M}/gu, ''));
