import { isPsgcCode } from './psgc.ts';

/**
 * The API's ids of the code list's units are their PSGC code's leading digits (docs/api-decisions.md, "Ids"): a
 * region's two (NCR 13), a province's five as text (Cebu `7022`), a town's seven (Manila 1380600). So a code and
 * an id turn into each other without a lookup. A unit with no PSGC code has an id of its own and nothing more: a
 * created region (from 100) or province (from 100000), Metro Manila (`13000`, a province the list does not have).
 */
export type IdLevel = 'region' | 'province' | 'municity';

/** Where each level's own digits end in the code (they start where the level above ends). */
const END: Record<IdLevel, number> = { region: 2, province: 5, municity: 7 };
// A town's own digits are its province's and its own: a city of Metro Manila's districts ends in 00 (Manila
// 1380600000), as a province's code would.
const START: Record<IdLevel, number> = { region: 0, province: 2, municity: 2 };

const zeros = (text: string) => /^0*$/.test(text);

/** Whether the code's digits are a unit of this level: its own digits not all zero, every digit after them zero. */
const isOfLevel = (level: IdLevel, digits: string) =>
  !zeros(digits.slice(0, 2)) && !zeros(digits.slice(START[level], END[level])) && zeros(digits.slice(END[level]));

/** The API's id of the unit of this level that a code names; undefined where the code names no unit of it. */
export function idOfCode(level: IdLevel, code: string): string | undefined {
  if (!isPsgcCode(code) || !isOfLevel(level, code)) return undefined;
  return String(Number(code.slice(0, END[level])));
}

/**
 * The API's number of the unit of this level that a code lies in: the code's digits down to that level, whatever
 * level the code itself is (a barangay's code gives its region's 7, its town's 702217).
 */
export const idNumberIn = (level: IdLevel, code: string): number => Number(code.slice(0, END[level]));

/**
 * The PSGC code of the unit of this level the API's id names; undefined where the id is not a code's digits (a
 * created unit's, Metro Manila's, a region's string id `region-ncr`).
 */
export function codeOfId(level: IdLevel, id: string | number): string | undefined {
  const text = String(id);
  if (!/^\d+$/.test(text) || text.length > END[level]) return undefined;
  const code = text.padStart(END[level], '0').padEnd(10, '0');
  return isOfLevel(level, code) ? code : undefined;
}
