/**
 * Cells that hold no address at all, as files have them: a spreadsheet formula saved as text, a placeholder ("n/a",
 * "see attached"), filler text (lorem ipsum), a bare number. Read as addresses, their words come near some
 * barangay's name ("=SUM(A1:A3)" sounds like Soom, Bohol; "see attached" like Sihi, Marinduque), so each is said for
 * what it is instead, and never placed.
 */
import { foldName } from '../../contract/names.ts';

/** A spreadsheet formula: "=" then a function call, a cell or range, or an operation on them ("=A1&B1"). */
const FORMULA = /^\s*=\s*(?:[A-Za-z][A-Za-z0-9_.]*\s*\(|\$?[A-Za-z]{1,3}\$?\d+\b|[-+(])/;

/**
 * What people type where an address is wanted and they have none, folded (foldName: lower case, accents and
 * punctuation gone). None of them is a unit's name (not-an-address.contract.test.ts holds them to the code list).
 */
const PLACEHOLDERS = new Set([
  '',
  'n a',
  'na',
  'none',
  'nil',
  'null',
  'nothing',
  'unknown',
  'not applicable',
  'not available',
  'not specified',
  'not indicated',
  'no address',
  'no data',
  'tba',
  'tbd',
  'to follow',
  'see attached',
  'see attachment',
  'see above',
  'see below',
  'same as above',
  'same',
  'ditto',
  'blank',
  'empty',
  'test',
  'sample',
  'xxx',
  'x',
]);

/** The words of the printers' filler text ("Lorem ipsum dolor sit amet…"), as its usual paragraphs have them. */
const LOREM = new Set(
  (
    'lorem ipsum dolor sit amet consectetur consectetuer adipiscing adipisicing elit sed do eiusmod tempor ' +
    'incididunt ut labore et dolore magna aliqua enim ad minim veniam quis nostrud exercitation ullamco laboris ' +
    'nisi aliquip ex ea commodo consequat duis aute irure in reprehenderit voluptate velit esse cillum eu fugiat ' +
    'nulla pariatur excepteur sint occaecat cupidatat non proident sunt culpa qui officia deserunt mollit anim id est ' +
    'laborum integer nec odio praesent libero sagittis vestibulum'
  ).split(' '),
);

/** The reason a cell is no address (a formula, a placeholder, filler text), or null when it may be one. */
export function notAnAddress(text: string): string | null {
  const shown = text.trim().replace(/\s+/g, ' ');
  const quoted = `“${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}”`;
  if (FORMULA.test(shown)) return `${quoted} is a spreadsheet formula, not an address.`;
  const folded = foldName(shown);
  if (PLACEHOLDERS.has(folded)) return `${quoted} is a placeholder, not an address.`;
  const words = folded.split(' ');
  const filler = words.filter((w) => LOREM.has(w)).length;
  if (words[0] === 'lorem' || (words.length >= 2 && filler >= 0.6 * words.length)) {
    return `${quoted} is placeholder text (lorem ipsum), not an address.`;
  }
  return null;
}

/**
 * The reason a cell that is only a number, and names nothing (no ZIP code or PSGC code a place has), is no address;
 * null for anything else. Asked once the geocoder has found nothing for it.
 */
export function bareNumber(text: string): string | null {
  const shown = text.trim();
  if (!/^[\d\s.,/()#+-]+$/.test(shown) || !/\d/.test(shown)) return null;
  return `“${shown.length > 40 ? `${shown.slice(0, 40)}…` : shown}” is only a number, and no ZIP code or PSGC code of a place.`;
}
