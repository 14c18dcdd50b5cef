import { foldName } from '../../contract/names.ts';

/**
 * Addresses outside the Philippines: "1600 Amphitheatre Pkwy, Mountain View, CA, USA" was matched to a
 * barangay in Zamboanga Sibugay at 36%. Such an address is unmatched, with the reason. Signs, each strong:
 *
 * - its last part names another country ("USA", "Japan", "United Arab Emirates") or a US state ("California");
 * - a US state's two letters followed by a five-digit ZIP code ("CA 94043", "CA, ZIP 94043");
 * - a ZIP code of more than four digits (Philippine ones have four, 1000 to 9811): labelled ("ZIP 94043", which is
 *   how a file's ZIP column is read with the address, matching/columns.ts), or a five-digit one as the last part.
 *
 * Only the last part counts for a country or a state, and names that are also Philippine towns or provinces are left
 * out (Mexico and Jordan are towns, "Israel" and "Canada" are barangays' names elsewhere in an address): "…,
 * Mexico" is the town in Pampanga.
 */

/** Folded country names (and the forms people write them in), each with the name said in the reason. */
const COUNTRIES = new Map<string, string>();
const add = (name: string, ...forms: string[]) => {
  for (const form of [name, ...forms]) COUNTRIES.set(fold(form), name);
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

add(
  'the United States',
  ...(
    'Alabama,Alaska,Arizona,Arkansas,California,Colorado,Connecticut,Delaware,Florida,Georgia,Hawaii,Idaho,' +
    'Illinois,Indiana,Iowa,Kansas,Kentucky,Louisiana,Maine,Maryland,Massachusetts,Michigan,Minnesota,Mississippi,' +
    'Missouri,Montana,Nebraska,Nevada,New Hampshire,New Jersey,New Mexico,New York,North Carolina,North Dakota,' +
    'Ohio,Oklahoma,Oregon,Pennsylvania,Rhode Island,South Carolina,South Dakota,Tennessee,Texas,Utah,Vermont,' +
    'Virginia,Washington,West Virginia,Wisconsin,Wyoming,Guam,Puerto Rico'
  ).split(','),
);

/** US states and territories (their postal abbreviations), for "CA 94043". */
const STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY GU PR VI'.split(
    ' ',
  ),
);
const STATE_ZIP = /\b([A-Z]{2})[ ,]+(?:ZIP(?: code)?:? *)?(\d{5})(?:-\d{4})?\b/gi;
/** A ZIP code said to be one ("ZIP 94043", "Zip code: 1000"), with what it is. */
const LABELLED_ZIP = /\b(?:zip|postal)(?: ?code)?[ :]*(\d+(?:-\d{4})?)\b/gi;
/** A part that is only a ZIP code, labelled or not: what is before it says the country. */
const ZIP_PART = /^(?:(?:zip|postal)(?: ?code)?[ :]*)?[\d -]+$/i;
/** A last part that is a five-digit postcode, or a US ZIP+4. */
const POSTCODE_PART = /^\d{5}(?:-\d{4})?$/;

/**
 * The reason an address is outside the Philippines, or null. `isPlace` says whether a folded name is a Philippine
 * place's: such a last part is not taken for a country or a state.
 */
export function abroadReason(address: string, isPlace: (folded: string) => boolean = () => false): string | null {
  for (const m of address.matchAll(STATE_ZIP)) {
    if (STATES.has(m[1]) && m[1] === m[1].toUpperCase()) return outside('the United States');
  }
  const parts = address
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts
    .filter((p) => !ZIP_PART.test(p))
    .map(fold)
    .filter(Boolean)
    .at(-1);
  const country = last && COUNTRIES.get(last);
  // "Philippines" written after it ("Canada, Philippines" never happens; "…, USA" does): the last part decides.
  if (country && !isPlace(last)) return outside(country);
  for (const m of address.matchAll(LABELLED_ZIP)) {
    if (m[1].replace('-', '').length > 4) return foreignZip(m[1]);
  }
  // a postcode after a street and a town; a number alone is no address anywhere (not-an-address.ts)
  const lastRaw = parts.at(-1) ?? '';
  return parts.length > 1 && POSTCODE_PART.test(lastRaw) ? foreignZip(lastRaw) : null;
}

/** The reason said for an address in another country. */
const outside = (country: string) =>
  `The address is in ${country}, outside the Philippines: it names no Philippine place to match.`;

/** The reason said for an address whose ZIP code is not a Philippine one. */
const foreignZip = (code: string) =>
  `ZIP ${code} is not a Philippine ZIP code, which has four digits: the address is outside the Philippines.`;
