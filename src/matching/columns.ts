import type { ColumnMap, ColumnRole } from './types.ts';

/** What the column picker shows for each role. */
export const ROLE_LABELS: Record<ColumnRole, string> = {
  address: 'Address (free text)',
  barangay: 'Barangay',
  town: 'City or municipality',
  province: 'Province',
  region: 'Region',
  zip: 'ZIP code',
};

/** A header's words: camelCase, snake_case, "City/Municipality", "Brgy." and "Address1" all split alike. */
export function headerWords(header: string): string[] {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([a-zA-Z])(\d)/g, '$1 $2')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** English and Filipino names of each role, and the abbreviations found in government and LGU lists. */
const ROLE_WORDS: Record<ColumnRole, readonly string[]> = {
  address: ['address', 'addr', 'adr', 'tirahan', 'location', 'lokasyon', 'lugar', 'direksyon'],
  barangay: ['barangay', 'brgy', 'bgy', 'brg', 'barrio', 'baranggay'],
  town: [
    'city',
    'municipality',
    'municipal',
    'mun',
    'muni',
    'munic',
    'citymun',
    'citymuni',
    'town',
    'lgu',
    'bayan',
    'lungsod',
    'siyudad',
    'munisipyo',
    'munisipalidad',
  ],
  province: ['province', 'prov', 'lalawigan', 'probinsya', 'probinsiya'],
  region: ['region', 'reg', 'rehiyon'],
  zip: ['zip', 'zipcode', 'postal', 'postcode'],
};

/** Parts of a street address: a column of them is matched as the free text when no address column exists. */
const STREET_WORDS = new Set(['street', 'str', 'kalye', 'purok', 'sitio', 'house', 'bldg', 'building', 'blk', 'lot']);

/**
 * Words that go with a role's name without changing it ("Barangay Name", "Pangalan ng Lalawigan"). Not digits:
 * "Barangay 1" is a barangay's name, and must not make a data row look like a header.
 */
const FILLER = new Set(
  [
    'name',
    'nm',
    'of',
    'the',
    'and',
    'or',
    'ng',
    'pangalan',
    'full',
    'complete',
    'buong',
    'kumpletong',
    'home',
    'current',
    'present',
    'permanent',
    'mailing',
    'residential',
    'business',
    'office',
    'line',
    'no',
    'number',
  ].concat([...STREET_WORDS]),
);

/** A header with one of these is about something else than the place's name: "Email Address", "Barangay Code". */
const NOT_A_PLACE = new Set(['ip', 'url', 'web', 'website', 'mac', 'code', 'id', 'psgc']);

/** Header words that are not places but make a row a header: "Facility Name", "Contact Number". */
const OTHER_HEADER_WORDS = new Set([
  'id',
  'code',
  'psgc',
  'email',
  'mail',
  'e',
  'phone',
  'mobile',
  'tel',
  'telephone',
  'contact',
  'remarks',
  'notes',
  'date',
  'type',
  'status',
  'facility',
  'school',
  'owner',
  'person',
  'first',
  'last',
  'middle',
  'surname',
  'count',
  'total',
  'lat',
  'latitude',
  'lon',
  'lng',
  'long',
  'longitude',
  'sex',
  'age',
  'pangalan',
  'petsa',
]);

interface RoleGuess {
  role: ColumnRole;
  /** 3: the role's own word; 2: its word with other words; 1: a street part, taken only as a last resort. */
  score: number;
}

/** The role a header names, if any. */
export function roleOfHeader(header: string): RoleGuess | null {
  const words = headerWords(header);
  if (words.length === 0) return null;
  const isEmail = words.includes('email') || (words.includes('e') && words.includes('mail'));
  if (isEmail) return null;
  const roleOf = (word: string) => (Object.keys(ROLE_WORDS) as ColumnRole[]).find((r) => ROLE_WORDS[r].includes(word));
  // The address role wins when it is named at all: "Complete Address (House No., Street, Barangay)" is one field.
  const first = words.some((w) => ROLE_WORDS.address.includes(w))
    ? 'address'
    : words.map(roleOf).find((r): r is ColumnRole => r !== undefined);
  if (first === undefined) {
    return words.some((w) => STREET_WORDS.has(w)) && words.every((w) => FILLER.has(w))
      ? { role: 'address', score: 1 }
      : null;
  }
  const codeIsFine = first === 'zip';
  if (words.some((w) => NOT_A_PLACE.has(w) && !(codeIsFine && w === 'code'))) return null;
  const pure = words.every((w) => roleOf(w) === first || FILLER.has(w) || (codeIsFine && w === 'code'));
  return { role: first, score: pure ? 3 : 2 };
}

/** Whether a cell reads as a column's name: a role's own name, or a usual non-place header ("Facility Name"). */
export function isHeaderWord(cell: string): boolean {
  const guess = roleOfHeader(cell);
  if (guess) return guess.score === 3;
  const words = headerWords(cell);
  return words.length > 0 && words.every((w) => OTHER_HEADER_WORDS.has(w) || FILLER.has(w));
}

/** How many rows the content fallback looks at. */
const SAMPLE = 200;
const hasLetter = (s: string) => /\p{L}/u.test(s);

/**
 * The free-text address column by content, for headers that name no place: the column of text (not numbers)
 * whose cells most often have commas, and among equals the longest.
 */
function addressByContent(width: number, rows: string[][], taken: Set<number>): number | undefined {
  let best: { column: number; commas: number; length: number } | undefined;
  for (let column = 0; column < width; column++) {
    if (taken.has(column)) continue;
    const cells = rows
      .slice(0, SAMPLE)
      .map((r) => r[column] ?? '')
      .filter(Boolean);
    if (cells.length === 0 || cells.filter(hasLetter).length < cells.length * 0.8) continue;
    const commas = cells.filter((c) => c.includes(',')).length >= cells.length / 2 ? 1 : 0;
    const length = cells.reduce((sum, c) => sum + c.length, 0) / cells.length;
    if (!best || commas > best.commas || (commas === best.commas && length > best.length)) {
      best = { column, commas, length };
    }
  }
  return best?.column;
}

/**
 * Which column holds what: from the header's names first (each column one role, each role one column, the
 * clearer name winning), and from the content when the header names no place at all (a headerless file).
 */
export function guessColumns(header: string[], rows: string[][]): ColumnMap {
  const guesses = header
    .map((name, column) => ({ column, guess: roleOfHeader(name) }))
    .filter((g): g is { column: number; guess: RoleGuess } => g.guess !== null)
    .sort((a, b) => b.guess.score - a.guess.score || a.column - b.column);
  const map: ColumnMap = {};
  const taken = new Set<number>();
  for (const { column, guess } of guesses) {
    if (map[guess.role] !== undefined || taken.has(column)) continue;
    map[guess.role] = column;
    taken.add(column);
  }
  const belowRegion = (['address', 'barangay', 'town', 'province'] as const).some((r) => map[r] !== undefined);
  if (!belowRegion) {
    const column = addressByContent(header.length, rows, taken);
    if (column !== undefined) map.address = column;
  }
  return map;
}

/** Whether a row's place can be read from these columns: any of them, a ZIP code too (it places a row at its town). */
export function namesAPlace(columns: ColumnMap): boolean {
  return Object.values(columns).some((column) => column !== undefined);
}

/** The parts added after the address text, most specific first; then the ZIP code, as "ZIP 4027". */
const PARTS = ['barangay', 'town', 'province', 'region'] as const;

/** Case and runs of spaces aside, nothing else: a piece of an address as a part column's text is compared with it. */
const foldCaseAndSpaces = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
/** Prefixes and suffixes a part may carry inside an address: "Brgy. San Roque", "City of Naga", "Marikina City". */
const AFFIXES = /^(?:brgy\.?|bgy\.?|barangay|city of|municipality of|province of)\s+|\s+(?:city|province)$/;
const bare = (s: string) => foldCaseAndSpaces(s).replace(AFFIXES, '');

/**
 * The text matched for a row: the address column's text, then barangay, town, province and region, joined with
 * ", ", leaving out empty parts and parts the address already holds, and last the ZIP code, labelled ("ZIP 4027")
 * so the geocoder reads it as one wherever a number stands (it weighs it as evidence of the town, and takes one of
 * more than four digits for an address abroad), unless the address already has that number.
 *
 * "Already holds" means one of the address's comma-separated pieces is the part (case, spacing and affixes like
 * "Brgy." or "City" aside), not that the part occurs somewhere in it: Rizal, Quezon, Bonifacio and Mabini are
 * street names as well as provinces and towns, and "12 Rizal St" must not swallow the province Rizal. A repeated
 * name costs the matcher little; a dropped one can send the row to the wrong place.
 */
export function addressOf(row: string[], columns: ColumnMap): string {
  const address = columns.address === undefined ? '' : (row[columns.address] ?? '').trim();
  const pieces = new Set(address.split(',').map(bare).filter(Boolean));
  const out = address ? [address] : [];
  for (const role of PARTS) {
    const index = columns[role];
    const part = index === undefined ? '' : (row[index] ?? '').trim();
    if (!part || pieces.has(bare(part))) continue;
    out.push(part);
  }
  const zip = columns.zip === undefined ? '' : (row[columns.zip] ?? '').trim();
  if (zip && !address.split(/[^0-9A-Za-z-]+/).includes(zip)) out.push(`ZIP ${zip}`);
  return out.join(', ');
}
