/** The keys names are compared by: a word's sound key, and a run of words' key, near and exact. */
import { onceAWord } from './word-memo.ts';

/**
 * One word's key for comparing names across the spellings people use: c/k, o/u, e/i, y/i, gu/g, qu/k, z/s,
 * v/b, w/u, ph/f, ñ/n, -ng/-n, doubled letters, and j/h before a vowel (the Spanish j, said as h). "Kalookan" and "Caloocan"
 * share a key, as do "Parañaque" and "Paranaque", and "Pinamungajan" and "Pinamungahan".
 */
export const phoneticWord = onceAWord(phonetic);

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
    .replace(/j(?=[aiu])/g, 'h')
    .replace(/h/g, '');
  w = w.replace(/(.)\1+/g, '$1');
  return w || word;
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
