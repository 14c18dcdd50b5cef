/**
 * The names a create takes: one spelling stored for one name, nothing invisible or line-breaking in it, and
 * duplicates told apart in every script (docs/api-decisions.md, "Creation").
 */
import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';

serviceServer();

let codes = 0;
/** A province code not used before in this file (PN0, PN1, …). */
const nextCode = () => `PN${codes++}`;
const province = (name: string, regionId = 'region-names') =>
  api('/v1/provinces', { body: { name, code: nextCode(), region_id: regionId } });
const region = (name: string, code: string) => api('/v1/regions', { body: { name, code } });

describe('names in a create', () => {
  test('are stored trimmed and in NFC, whatever form they were sent in', async () => {
    const nfd = ' Paran\u0303aque\u00a0'; // n + combining tilde, a no-break space after
    const created = await region(nfd, 'NFD');
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('Parañaque');
    expect(created.body.name).toBe('Parañaque'.normalize('NFC'));
    expect((await api('/v1/regions/region-nfd')).body.data.name).toBe('Parañaque');
  });

  test.each([
    ['NUL', 'Ce\u0000bu', 'U+0000'],
    ['a tab', 'Ce\tbu', 'U+0009'],
    ['a newline', 'Cebu\nProvince', 'U+000A'],
    ['DEL', 'Cebu\u007f', 'U+007F'],
    ['a right-to-left override', '\u202Eubec', 'U+202E'],
    ['a left-to-right embedding', 'Ce\u202Abu', 'U+202A'],
    ['a bidi isolate', 'Ce\u2066bu\u2069', 'U+2066'],
    ['a zero-width space', 'Ce\u200Bbu', 'U+200B'],
    ['a zero-width joiner', 'Ce\u200Dbu', 'U+200D'],
    ['a byte order mark inside', 'Ce\uFEFFbu', 'U+FEFF'],
    ['a soft hyphen', 'Ce\u00ADbu', 'U+00AD'],
    ['a lone surrogate', 'Ce\uD800bu', 'U+D800'],
    ['a line separator', 'Ce\u2028bu', 'U+2028'],
  ])('with %s are refused with a 400 naming name, and nothing is created', async (_, name, codePoint) => {
    for (const answer of [await region(name, 'BADNAME'), await province(name, 'region-ncr')]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({
        data: null,
        error: { code: 'invalid_parameter', message: expect.stringContaining(codePoint), details: { param: 'name' } },
      });
    }
    expect((await api('/v1/regions/region-badname')).status).toBe(404);
  });

  test('control characters at either end are trimmed like spaces, not refused', async () => {
    const created = await region('\t Cebu Islands \r\n', 'EDGES');
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('Cebu Islands');
  });
});

describe('duplicate province names in one region', () => {
  test('names in Baybayin, Arabic, Chinese or symbols only are told apart from each other', async () => {
    expect((await region('Names', 'NAMES')).status).toBe(201);
    const names = [
      'ᜋᜈᜒᜎ', // Manila in Baybayin
      'ᜐᜒᜊᜓ', // Sugbu (Cebu)
      'ᜃ', // ka
      'ᜃᜒ', // ki: the kudlit is a vowel, not an accent to fold
      'مانيلا',
      'سيبو',
      '马尼拉',
      '宿务',
      '🌴',
      '🌋',
    ];
    for (const name of names) {
      const answer = await province(name);
      expect(answer.status, name).toBe(201);
      expect(answer.body.name).toBe(name);
    }
  });

  test('the same name in NFC and NFD, in another case or without its accents is a 409', async () => {
    expect((await region('Twins', 'TWINS')).status).toBe(201);
    const pairs = [
      ['Parañaque', 'Paran\u0303aque'], // NFC, NFD
      ['Ñan', 'ñAN'],
      ['Santo Niño', 'santo nino'], // accents on Latin letters fold, as they always have
      ['ᜐᜒᜊᜓ', 'ᜐᜒᜊᜓ'],
      ['宿务', ' 宿务 '],
      ['Ａｂｒａ', 'abra'], // fullwidth letters are the same letters
    ];
    for (const [first, second] of pairs) {
      expect((await province(first, 'region-twins')).status, first).toBe(201);
      const again = await province(second, 'region-twins');
      expect(again.status, `${first} then ${second}`).toBe(409);
      expect(again.body.error).toMatchObject({ code: 'duplicate', details: { field: 'name' } });
    }
  });

  test('a province with a Baybayin name is found by that name, and not by another Baybayin name', async () => {
    expect((await region('Lookup', 'LOOKUP')).status).toBe(201);
    expect((await province('ᜊᜓᜑᜓᜎ᜔', 'region-lookup')).status).toBe(201);
    const own = await api(`/v1/municities?province=${encodeURIComponent('ᜊᜓᜑᜓᜎ᜔')}`);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([]);
    expect((await api(`/v1/municities?province=${encodeURIComponent('ᜋᜈᜒᜎ')}`)).status).toBe(404);
  });
});

describe('searching in other scripts', () => {
  test('a region with a Baybayin name is found by it, and a query in another script is answered, not refused', async () => {
    expect((await region('ᜋᜈᜒᜎ', 'MNL')).status).toBe(201);
    expect((await region('ᜐᜒᜊᜓ', 'SGB')).status).toBe(201);
    const found = await api(`/v1/regions?search=${encodeURIComponent('ᜋᜈᜒᜎ')}`);
    expect(found.body.data.map((r: { code: string }) => r.code)).toEqual(['MNL']);
    const towns = await api(`/v1/municities/search?q=${encodeURIComponent('马尼拉')}`);
    expect(towns.status).toBe(200);
    expect(towns.body).toEqual({ data: [], error: null });
    const places = await api(`/v1/geocode?q=${encodeURIComponent('宿务')}`);
    expect(places.status).toBe(200);
    expect(places.body.data).toEqual([]);
  });
});
