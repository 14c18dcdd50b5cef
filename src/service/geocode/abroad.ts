import { foldName } from '../../contract/names.ts';

/**
 * Addresses outside the Philippines (issue 35): "1600 Amphitheatre Pkwy, Mountain View, CA, USA" was matched to a
 * barangay in Zamboanga Sibugay at 36%. Such an address is unmatched, with the reason. Two signs, each strong:
 *
 * - its last part names another country ("USA", "Japan", "United Arab Emirates");
 * - a US state's two letters followed by a five-digit ZIP code ("CA 94043"): Philippine ZIP codes have four digits.
 *
 * Only the last part counts for a country, and country names that are also Philippine towns or provinces are left
 * out (Mexico and Jordan are towns, "Israel" and "Canada" are barangays' names elsewhere in an address): "…,
 * Mexico" is the town in Pampanga.
 */

/** Folded country names (and the forms people write them in), each with the name said in the reason. */
const COUNTRIES: Record<string, string> = {};
const add = (name: string, ...forms: string[]) => {
  for (const form of [name, ...forms]) COUNTRIES[fold(form)] = name;
};

/** A part as compared with the countries: folded as every name is (foldName), its numbers (a postcode) left out. */
export function fold(text: string): string {
  return foldName(text).replace(/\d+/g, ' ').replace(/\s+/g, ' ').trim();
}

add('the United States', 'USA', 'U.S.A.', 'US', 'U.S.', 'United States', 'United States of America', 'America');
add('Canada');
add('the United Kingdom', 'UK', 'U.K.', 'United Kingdom', 'England', 'Scotland', 'Wales', 'Great Britain');
add('Ireland');
add('Australia');
add('New Zealand');
add('Japan');
add('South Korea', 'Korea', 'Republic of Korea');
add('China', "People's Republic of China", 'PRC');
add('Hong Kong', 'Hong Kong SAR', 'HK');
add('Macau', 'Macao');
add('Taiwan');
add('Singapore');
add('Malaysia');
add('Indonesia');
add('Thailand');
add('Vietnam', 'Viet Nam');
add('Cambodia');
add('Brunei', 'Brunei Darussalam');
add('India');
add('Pakistan');
add('Saudi Arabia', 'KSA');
add('the United Arab Emirates', 'UAE', 'U.A.E.', 'United Arab Emirates', 'Dubai', 'Abu Dhabi');
add('Qatar');
add('Kuwait');
add('Bahrain');
add('Oman');
add('Germany', 'Deutschland');
add('France');
add('Italy', 'Italia');
add('Spain', 'España');
add('the Netherlands', 'Netherlands');
add('Switzerland');
add('Sweden');
add('Norway');
add('Denmark');
add('Russia');

/** US states and territories (their postal abbreviations), for "CA 94043". */
const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY GU PR VI'.split(
    ' ',
  ),
);
const STATE_ZIP = /\b([A-Z]{2})[ ,]+(\d{5})(?:-\d{4})?\b/g;

/**
 * The country an address names outside the Philippines, as said in a reason ("the United States"), or null.
 * `isPlace` says whether a folded name is a Philippine place's: such a last part is not taken for a country.
 */
export function countryAbroad(address: string, isPlace: (folded: string) => boolean = () => false): string | null {
  for (const m of address.matchAll(STATE_ZIP)) {
    if (STATES.has(m[1])) return 'the United States';
  }
  const parts = address
    .split(/[,;\n]/)
    .map(fold)
    .filter(Boolean);
  const last = parts.at(-1);
  if (!last) return null;
  const country = COUNTRIES[last];
  if (!country || isPlace(last)) return null;
  // "Philippines" written after it ("Canada, Philippines" never happens; "…, USA" does): the last part decides.
  return country;
}

/** The reason said for an address abroad. */
export const abroadReason = (country: string) =>
  `The address is in ${country}, outside the Philippines: it names no Philippine place to match.`;
