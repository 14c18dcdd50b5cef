import { describe, expect, test } from 'vitest';
import { boundedDistance, withinOneEdit } from './edit-distance.ts';
import { phoneticWord, phraseKey } from './name-keys.ts';
import { nameVariants } from './name-variants.ts';
import { tokenize } from './tokenize.ts';

const words = (text: string) => tokenize(text).map((t) => t.word);
const kept = (text: string) =>
  tokenize(text)
    .filter((t) => !t.noise && !t.level)
    .map((t) => t.raw)
    .join(' ');

describe('reading an address', () => {
  test('sets aside house, lot and block numbers, streets, subdivisions, puroks, sitios, zones and ZIP codes', () => {
    expect(kept('Blk 5 Lot 12 Phase 2, Mabuhay Homes, Brgy. San Isidro, Cainta, Rizal')).toBe(
      'San Isidro Cainta Rizal',
    );
    expect(kept('123 Rizal St., Brgy. 5 (Pob.), Laoag City, Ilocos Norte 2900')).toBe('5 Pob Laoag Ilocos Norte');
    expect(kept('Purok 3, Poblacion, Sto. Tomas, Davao del Norte')).toBe('Poblacion Sto Tomas Davao del Norte');
    expect(kept('Sitio Malinis, Bgy. Bagong Silang, Kalookan City')).toBe('Bagong Silang Kalookan');
    expect(kept('Zone 4 Nabua Cam. Sur')).toBe('Nabua Cam Sur');
  });

  test("reads a province's initials or code with their dots, closing a part, as that province's short form", () => {
    expect(words('Cabanatuan City, N.E.').at(-1)).toBe('#ne');
    expect(words('SAN ROQUE STA ANA PAM., PAMPANGA')[4]).toBe('#pam');
    // not inside a name, nor an abbreviation people use for a word
    expect(words('Gen. S.K. Pendatun')).toEqual(['general', 'sk', 'pendatun']);
    expect(words('Zone 4 Nabua, Cam. Sur')).toContain('cam');
    expect(words('Sta. Cruz, Laguna')).toEqual(['santa', 'cruz', 'laguna']);
  });

  test('reads Brgy., Bgy. and Barangay as a level, and City of X, X City and Mun. of X', () => {
    for (const text of ['Brgy. Lahug', 'Bgy. Lahug', 'Barangay Lahug']) expect(tokenize(text)[0].level).toBe('Bgy');
    expect(tokenize('City of Laoag')[0].level).toBe('City');
    expect(tokenize('Laoag City')[1].level).toBe('City');
    expect(tokenize('Mun. of Bay')[0].level).toBe('Mun');
  });

  test('expands Sto., Sta., Sn., Pob., Gen., Pres. and Mt.', () => {
    expect(words('Sto. Tomas Sta. Rosa Sn. Juan Pob. Gen. Trias Pres. Roxas Mt. Province')).toEqual(
      'santo tomas santa rosa san juan poblacion general trias president roxas mount province'.split(' '),
    );
  });

  test('reads Roman, Arabic and Spanish numerals alike', () => {
    for (const n of ['1', 'I', 'Uno', 'Primero', 'First']) expect(words(`Barangay ${n}`)[1]).toBe('1');
    for (const n of ['2', 'II', 'Dos', 'Segundo']) expect(words(`Poblacion ${n}`)[1]).toBe('2');
    expect(words('Zone IV')[1]).toBe('4');
  });

  test('compares names across c/k, o/u, e/i, y/i, gu/g, -ng/-n, j/h, doubled letters, ñ and hyphens', () => {
    const key = (text: string) => {
      const tokens = tokenize(text);
      return phraseKey(
        tokens.map((t) => t.key),
        tokens.map((t) => t.word),
      );
    };
    expect(key('Kalookan')).toBe(key('Caloocan'));
    expect(key('Parañaque')).toBe(key('Paranaque'));
    expect(key('Guinobatan')).toBe(key('Ginobatan'));
    expect(key('Malo-ong')).toBe(key('Maloong'));
    expect(key('Bagong Silang')).toBe(key('Bagon Silan'));
    expect(phoneticWord('pililla')).toBe(phoneticWord('pilila'));
    // j before a vowel is the Spanish j, said as h; initials are not ("J.P. Rizal" is no "P. Rizal")
    expect(key('Pinamungajan')).toBe(key('Pinamungahan'));
    expect(key('JP Rizal')).not.toBe(key('P Rizal'));
  });

  test('reads the forms of a listed name', () => {
    const exact = (name: string) => nameVariants(name).map((v) => v.exact);
    expect(exact('City of San Fernando (Capital)')).toEqual(['sanfernando']);
    expect(nameVariants('City of San Fernando')[0].hint).toBe('City');
    expect(exact('Rodriguez (Montalban)')).toEqual(['rodriguez', 'montalban']);
    expect(exact('Bgy. No. 42, Apaya')).toEqual(['42apaya', '42', 'apaya']);
    expect(exact('Tuburan Proper (Pob.)')).toContain('tuburan');
    expect(exact('Poblacion')).toEqual(['poblacion']);
    // "Norte/Sur" and "Nuevo/New" in either order
    expect(nameVariants('San Isidro Sur')[0].key).toBe(nameVariants('Sur San Isidro')[0].key);
  });

  test('counts edits, a swap of neighbouring letters as one', () => {
    expect(withinOneEdit('makati', 'makaty')).toBe(true);
    expect(withinOneEdit('makati', 'amkati')).toBe(true);
    expect(withinOneEdit('makati', 'mkty')).toBe(false);
    expect(boundedDistance('tuguegarao', 'tugegarau', 2)).toBe(2);
    expect(boundedDistance('abcdef', 'badcfe', 3)).toBe(3);
  });
});
