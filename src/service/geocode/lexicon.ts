import { ISO_PROVINCE } from '../codes.ts';
/**
 * The words of Philippine addresses that stand for other words: abbreviations, numerals in the words people use,
 * level words ("Brgy.", "City") and the names people use that the code list does not carry. Tables only: how a
 * text is read with them is tokenize.ts's.
 */

/** Levels a word can announce: "Brgy. X", "X City", "Mun. of X", "Province of X". */
export type Hint = 'Bgy' | 'City' | 'Mun' | 'Prov' | 'Reg';

/**
 * Words people abbreviate, mapped to the word the code list uses. The word tables are Maps, not objects: they are
 * looked up by words of user text, and a plain object answers `constructor` or `__proto__` too.
 */
export const ABBREVIATIONS = new Map<string, string>(
  Object.entries({
    sto: 'santo',
    sta: 'santa',
    sn: 'san',
    pob: 'poblacion',
    poblacion: 'poblacion',
    gen: 'general',
    gral: 'general',
    pres: 'president',
    presidente: 'president',
    // honorifics inside towns' names: "Sen. Ninoy Aquino", "Gov. Generoso"
    sen: 'senator',
    gov: 'governor',
    mt: 'mount',
    occ: 'occidental',
    zambo: 'zamboanga',
    mla: 'manila',
    sr: 'senior',
    jr: 'junior',
    // Spanish, English and Tagalog directions read as one word each
    north: 'norte',
    south: 'sur',
    east: 'este',
    west: 'oeste',
    new: 'nuevo',
    nueva: 'nuevo',
  }),
);

/** Numerals in the words people use for barangay numbers: Uno, Dos, Primero, Segundo, First, I, II … */
export const NUMBER_WORDS = new Map<string, string>(
  Object.entries({
    uno: '1',
    una: '1',
    primero: '1',
    primera: '1',
    first: '1',
    one: '1',
    dos: '2',
    segundo: '2',
    segunda: '2',
    second: '2',
    two: '2',
    tres: '3',
    tercero: '3',
    tercera: '3',
    third: '3',
    three: '3',
    kuatro: '4',
    cuatro: '4',
    cuarto: '4',
    fourth: '4',
    four: '4',
    singko: '5',
    cinco: '5',
    quinto: '5',
    fifth: '5',
    five: '5',
    seis: '6',
    sais: '6',
    sixth: '6',
    six: '6',
    siyete: '7',
    siete: '7',
    seventh: '7',
    otso: '8',
    ocho: '8',
    eighth: '8',
    nuebe: '9',
    nueve: '9',
    ninth: '9',
    diyes: '10',
    diez: '10',
    tenth: '10',
  }),
);

const ROMAN = /^(x{0,3})(ix|iv|v?i{0,3})$/;
const ROMAN_VALUES = new Map([
  ['i', 1],
  ['v', 5],
  ['x', 10],
]);

/** "iv" → "4", "xii" → "12"; anything else unchanged. */
export function romanToArabic(word: string): string | null {
  if (!word || !ROMAN.test(word)) return null;
  let total = 0;
  for (let i = 0; i < word.length; i++) {
    const v = ROMAN_VALUES.get(word[i]) ?? 0;
    total += v < (ROMAN_VALUES.get(word[i + 1]) ?? 0) ? -v : v;
  }
  return String(total);
}

/** "IV-A" → "4A", so "Region 4A" finds Region IV-A. */
export function romanToNumber(numeral: string): string {
  const [roman, suffix = ''] = numeral.split('-');
  return `${romanToArabic(roman.toLowerCase()) ?? roman}${suffix}`;
}

/** Words that say what kind of place follows or precedes. */
export const LEVEL_WORDS = new Map<string, Hint>(
  Object.entries({
    brgy: 'Bgy',
    bgy: 'Bgy',
    brg: 'Bgy',
    bgry: 'Bgy',
    barangay: 'Bgy',
    baranggay: 'Bgy',
    brangay: 'Bgy',
    baarangay: 'Bgy',
    barrio: 'Bgy',
    bo: 'Bgy',
    city: 'City',
    cty: 'City',
    municipality: 'Mun',
    mun: 'Mun',
    munisipyo: 'Mun',
    town: 'Mun',
    province: 'Prov',
    prov: 'Prov',
    region: 'Reg',
  }),
);

/**
 * Names people use that the code list does not carry: nicknames, abbreviations, former names of provinces,
 * word orders. Each is read like a listed name (so "Mis. Or." and "Mis Or" are one form).
 */
export const ALIASES = new Map<string, string[]>(
  Object.entries({
    'Quezon City': ['QC', 'Kyusi'],
    'City of Dasmariñas': ['Dasma'],
    'City of General Trias': ['GenTri'],
    'Gen. Mariano Alvarez': ['GMA'],
    'City of San Jose Del Monte': ['SJDM'],
    'Doña Remedios Trinidad': ['DRT'],
    'City of General Santos': ['GenSan', 'Gen San'],
    'City of Cagayan De Oro': ['CDO', 'Cagayan'],
    'City of Lapu-Lapu': ['Lapu Lapu', 'Opon'],
    'City of Puerto Princesa': ['PPC'],
    'Island Garden City of Samal': ['Samal Island', 'IGACOS', 'Samal'],
    'Science City of Muñoz': ['Muñoz', 'Muñoz City'],
    'City of Caloocan': ['Kalookan'],
    'City of Las Piñas': ['Las Pinas'],
    'City of Parañaque': ['Paranaque'],
    'Misamis Oriental': ['Mis Or', 'Misamis Or', 'MisOr', 'Mis Oriental'],
    'Misamis Occidental': ['Mis Occ', 'Misamis Occ', 'MisOcc', 'Mis Occidental'],
    'Camarines Sur': ['Cam Sur', 'CamSur', 'Camarines Sur'],
    'Camarines Norte': ['Cam Norte', 'CamNorte'],
    'Nueva Ecija': ['N Ecija', 'Nva Ecija', 'NEcija'],
    'Nueva Vizcaya': ['N Vizcaya', 'Nva Vizcaya'],
    'Zamboanga del Sur': ['ZDS', 'Zambo Sur'],
    'Zamboanga del Norte': ['ZDN', 'Zambo Norte'],
    'Zamboanga Sibugay': ['Zambo Sibugay', 'Sibugay'],
    'Davao de Oro': ['Compostela Valley', 'ComVal', 'Compostela Valley Province'],
    'Davao del Norte': ['DavNor', 'Davao Norte'],
    'Davao del Sur': ['DavSur', 'Davao Sur'],
    Cotabato: ['North Cotabato', 'N Cotabato'],
    'Occidental Mindoro': ['Mindoro Occidental', 'Occ Mindoro', 'Mindoro Occ'],
    'Oriental Mindoro': ['Mindoro Oriental', 'Or Mindoro', 'Mindoro Or', 'Ori Mindoro'],
    'Negros Occidental': ['Neg Occ', 'Negros Occ', 'NegOcc'],
    'Negros Oriental': ['Neg Or', 'Negros Or', 'NegOr'],
    'Mountain Province': ['Mt Province', 'Mountain Prov', 'Mt Prov', 'Mt Province'],
    Samar: ['Western Samar', 'W Samar', 'Samar Western'],
    'Eastern Samar': ['E Samar'],
    'Northern Samar': ['N Samar'],
    'Southern Leyte': ['So Leyte', 'S Leyte'],
    'Dinagat Islands': ['Dinagat'],
    'Maguindanao del Norte': ['Maguindanao'],
    'Maguindanao del Sur': ['Maguindanao'],
    'Surigao del Norte': ['SurNor'],
    'Surigao del Sur': ['SurSur'],
    'Lanao del Norte': ['LDN'],
    'Lanao del Sur': ['LDS'],
    'Agusan del Norte': ['ADN'],
    'Agusan del Sur': ['ADS'],
    Bukidnon: [],
    'National Capital Region (NCR)': ['Metro Manila', 'M Mla', 'Metro Mla', 'MM', 'NCR', 'Kalakhang Maynila'],
    'Bangsamoro Autonomous Region In Muslim Mindanao (BARMM)': ['ARMM', 'Bangsamoro'],
    'Cordillera Administrative Region (CAR)': ['Cordillera'],
    'Region IV-A (CALABARZON)': ['Southern Tagalog'],
    'MIMAROPA Region': ['Region 4B', 'Region IV-B', 'Southwestern Tagalog'],
  }),
);

/**
 * Names people use for one unit whose listed name others share ("Barangay 176" is a barangay of Caloocan, Manila
 * and Pasay alike), by code. Caloocan's Barangay 176 is Bagong Silang, the resettlement area it was made of
 * (split in 4Q 2024, src/service/geocode/splits.ts): the DOH's health facility list writes "Bagong Silang Phase 9,
 * Barangay 176, City of Caloocan" (8 of its 10 addresses there).
 */
export const ALIASES_BY_CODE = new Map<string, string[]>(Object.entries({ '1380100176': ['Bagong Silang'] }));

/**
 * The provinces' ISO 3166-2:PH codes, as people also write them ("Sta. Ana Pam."), keyed by the PSGC's name: the
 * same table the service gives provinces their short codes from (codes.ts).
 */
export const PROVINCE_CODES: ReadonlyMap<string, string> = ISO_PROVINCE;

/** The key a province's short form is looked up by: never the key of a word ("#ne" for "N.E."). */
export const initialsKey = (letters: string) => `#${letters}`;

/**
 * A province's short forms, written with their dots at the end of a part: its ISO code ("Pam.") and the initials
 * of its name's words, with and without "del"/"de" ("N.E." Nueva Ecija, "Z.S." and "Z.D.S." Zamboanga del Sur,
 * "M.O." Misamis Oriental). Initials two provinces share name both ("Z.S." is also Zamboanga Sibugay, "M.O." also
 * Misamis Occidental): the town beside them decides.
 */
export function provinceShortForms(name: string): string[] {
  const words = name
    .toLowerCase()
    .split(/[\s-]+/)
    .filter(Boolean);
  const out = new Set<string>();
  const code = PROVINCE_CODES.get(name);
  if (code) out.add(initialsKey(code.toLowerCase()));
  if (words.length > 1) {
    out.add(initialsKey(words.map((w) => w[0]).join('')));
    const main = words.filter((w) => w !== 'del' && w !== 'de');
    if (main.length > 1) out.add(initialsKey(main.map((w) => w[0]).join('')));
  }
  return [...out];
}

/** Every province short form, and the provinces it names. */
export const PROVINCE_SHORT_FORMS = new Map<string, string[]>();
for (const name of PROVINCE_CODES.keys()) {
  for (const key of provinceShortForms(name))
    PROVINCE_SHORT_FORMS.set(key, [...(PROVINCE_SHORT_FORMS.get(key) ?? []), name]);
}
