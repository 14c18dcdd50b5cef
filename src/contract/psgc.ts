/**
 * The forms a PSGC code takes, in one place for the client, the service, the mocks and the server: the
 * check that a value is a code, the reading of the live service's older form, its writing, and a unit's region.
 *
 * The current code list (PSA, 2Q 2025) writes a code in 10 digits, RR PPP MM BBB: region, province, city or
 * municipality, barangay. The live service still writes some codes in the old 9-digit form, RR PP MM BBB (a
 * province's `code`, `140100000`), and some as numbers (a province's `region_id`, `140000000`).
 */

/** A PSGC code as the current list writes it. */
const TEN_DIGITS = /^\d{10}$/;
const NINE_DIGITS = /^\d{9}$/;

/**
 * Whether a value is a PSGC code in its 10-digit form. A created unit's short code (NIR, CEB) is not one, nor the
 * 9-digit form, nor a number. Answers a boolean rather than narrowing the type, so `!isPsgcCode(code)` on a string
 * does not leave `never` behind.
 */
export const isPsgcCode = (value: unknown): boolean => typeof value === 'string' && TEN_DIGITS.test(value);

/**
 * A PSGC code as the 10 digits of the current list, from whichever form a server wrote it in: the 10 digits, the
 * 9-digit form, or the 9-digit form as a number (its leading zero lost). The old form has two province digits where
 * the new has three (RR PP MM BBB → RR 0PP MM BBB), which holds for every code not changed since (the Negros Island
 * Region's 4Q 2024 codes were). Anything else is not a PSGC code: null.
 */
export function psgcCodeOf(code: string | number | null | undefined): string | null {
  const text = typeof code === 'number' ? String(code).padStart(9, '0') : (code ?? '').trim();
  if (TEN_DIGITS.test(text)) return text;
  if (NINE_DIGITS.test(text)) return `${text.slice(0, 2)}0${text.slice(2)}`;
  return null;
}

/**
 * The 9-digit form of a 10-digit code, as the live service writes a province's `code` and `region_id`
 * (RR 0PP MM BBB → RR PP MM BBB): psgcCodeOf reads it back to the same code. A code whose province digits do not
 * start with 0 has no such form and is answered as it is.
 */
export const nineDigitFormOf = (code: string): string =>
  code[2] === '0' ? `${code.slice(0, 2)}${code.slice(3)}` : code;

/** The code of the region a unit lies in, from the unit's 10-digit code: its two region digits, then zeros. */
export const regionCodeOf = (code: string): string => `${code.slice(0, 2)}00000000`;
