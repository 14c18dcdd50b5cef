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
