/**
 * How much of an address the geocoder reads. Every run of up to seven words is looked up and every unit named is
 * scored against the others, so the work grows with the words, and more with words that name many units: a
 * 200-character query of "san jose" over and over took 50 ms, on the thread that answers, and one key sending 45
 * such queries a second held every other client's answers (2 s at p95). Two bounds, neither of which a real
 * address reaches (the longest of 8,255 health facilities' addresses is 30 words):
 *
 * - a phrase of up to seven words said a third time back to back is read twice ("Bato-Bato" is a barangay's name;
 *   "san jose san jose san jose" is no address);
 * - at most WORDS_READ words, the last ones: an address ends with its barangay, town and province, and begins with
 *   what names none (house numbers, lots, streets).
 */
import type { Token } from './tokenize.ts';

export const WORDS_READ = 32;
/** The longest phrase whose repeats are collapsed: the longest run of words read as one name (matches.ts). */
const PHRASE_MAX = 7;

export function boundWords(tokens: Token[]): Token[] {
  const kept: Token[] = [];
  for (let i = 0; i < tokens.length; ) {
    const repeat = thirdTime(tokens, i, kept);
    if (repeat) i += repeat;
    else kept.push(tokens[i++]);
  }
  return kept.length > WORDS_READ ? kept.slice(-WORDS_READ) : kept;
}

/** The length of a phrase starting at `tokens[i]` that the last words kept already hold twice in a row, or 0. */
function thirdTime(tokens: Token[], i: number, kept: Token[]): number {
  for (let n = 1; n <= PHRASE_MAX && i + n <= tokens.length && 2 * n <= kept.length; n++) {
    let same = true;
    for (let k = 0; k < n && same; k++) {
      const word = tokens[i + k].word;
      same = kept[kept.length - n + k].word === word && kept[kept.length - 2 * n + k].word === word;
    }
    if (same) return n;
  }
  return 0;
}
