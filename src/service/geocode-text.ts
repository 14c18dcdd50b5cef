import { fold } from './params.ts';

/** Words people abbreviate, mapped to the word the code list uses. */
const ABBREVIATIONS: Record<string, string> = {
  sto: 'santo',
  sta: 'santa',
  sn: 'san',
  pob: 'poblacion',
  gen: 'general',
  mt: 'mount',
};

/** Words that say what kind of place is meant rather than naming it. */
export const LEVEL_WORDS: Record<string, 'Bgy' | 'City' | 'Mun' | 'Prov' | 'Reg'> = {
  brgy: 'Bgy',
  bgy: 'Bgy',
  barangay: 'Bgy',
  city: 'City',
  municipality: 'Mun',
  mun: 'Mun',
  town: 'Mun',
  province: 'Prov',
  prov: 'Prov',
  region: 'Reg',
};

export interface ParsedName {
  /** The name, folded, abbreviations expanded, level words removed. */
  key: string;
  levels: Set<string>;
}

/**
 * Folds a name as typed or as listed to a comparable key: "Brgy. Sto. Niño" → "santo nino" (a barangay),
 * "City of San Fernando" and "San Fernando City" → "san fernando" (a city). "Region IV-A" keeps "region".
 */
export function parseName(text: string): ParsedName {
  const levels = new Set<string>();
  let words = fold(text).split(' ').filter(Boolean);
  const isRegion = words[0] === 'region' && words.length > 1;
  words = words.map((w) => ABBREVIATIONS[w] ?? w);
  if (!isRegion) {
    if (words[0] === 'island' && words[1] === 'garden' && words[2] === 'city' && words[3] === 'of') {
      words = words.slice(4);
      levels.add('City');
    }
    if (words[0] === 'city' && words[1] === 'of' && words.length > 2) {
      words = words.slice(2);
      levels.add('City');
    }
    const kept = words.filter((w, i) => {
      const level = LEVEL_WORDS[w];
      // "Quezon City" names a city; "City" alone, or "Barangay 1", stays a name.
      if (!level || words.length === 1 || (level === 'Bgy' && /^\d/.test(words[i + 1] ?? ''))) return true;
      levels.add(level);
      return false;
    });
    words = kept;
  }
  return { key: words.join(' '), levels };
}

/** All strings one deletion away (and the string itself): two strings within one edit share one. */
export function deletions(key: string): string[] {
  const out = [key];
  for (let i = 0; i < key.length; i++) out.push(key.slice(0, i) + key.slice(i + 1));
  return out;
}

/** "IV-A" → "4A", so "Region 4A" finds Region IV-A. */
export function romanToNumber(numeral: string): string {
  const values: Record<string, number> = { I: 1, V: 5, X: 10 };
  const [roman, suffix = ''] = numeral.split('-');
  let total = 0;
  for (let i = 0; i < roman.length; i++) {
    const v = values[roman[i]];
    total += v < (values[roman[i + 1]] ?? 0) ? -v : v;
  }
  return `${total}${suffix}`;
}

/** Levenshtein distance, or max + 1 as soon as it must exceed `max`. */
export function boundedDistance(a: string, b: string, max: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      rowMin = Math.min(rowMin, current[j]);
    }
    if (rowMin > max) return max + 1;
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
