import { QueryClient } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import { geocodeQueries } from '../../api/geocode.ts';
import type { GeocodeCandidate } from '../../contract/types.ts';
import { serviceServer } from '../../test/service-server.ts';
import { contextText, matchedText, notFoundText, provinceOf, shapeResults, statusText, zipText } from './results.ts';

const candidate = (c: Partial<GeocodeCandidate> & Pick<GeocodeCandidate, 'name' | 'level' | 'parents'>) =>
  ({
    id: c.code ?? c.name,
    code: c.name,
    lat: 0,
    lng: 0,
    score: 1,
    region_id: 1,
    province_id: null,
    municity_id: null,
    ...c,
  }) as GeocodeCandidate;

const laoag5 = candidate({
  name: 'Bgy. No. 5, San Pedro',
  level: 'Bgy',
  parents: ['City of Laoag', 'Ilocos Norte', 'Region I (Ilocos Region)'],
  matched: { barangay: 'Brgy. 5', town: 'Laoag City', province: 'Ilocos Norte' },
  confidence: 0.96,
});
const santoTomas = candidate({
  name: 'Santo Tomas',
  level: 'Mun',
  parents: ['Davao del Norte', 'Region XI (Davao Region)'],
  matched: { town: 'Sto. Tomas', province: 'Davao del Norte' },
  confidence: 0.37,
  not_found: { level: 'Bgy', text: 'Poblacion' },
});
const sanJose = (province: string, confidence = 0.37) =>
  candidate({ name: 'San Jose', code: province, level: 'Mun', parents: [province, 'Region'], confidence });

describe('a candidate as text', () => {
  test("says what the query's ZIP code says of it: agrees, placed it, or is another town's", () => {
    const real = candidate({ name: 'Real', level: 'Bgy', parents: ['Los Baños', 'Laguna', 'Region IV-A'] });
    const zip = { code: '4027', towns: ['City of Calamba'] };
    expect(zipText({ ...real, zip: { ...zip, agrees: false } })).toBe('ZIP 4027 is City of Calamba, not Los Baños');
    expect(zipText({ ...real, zip: { ...zip, agrees: true } })).toBe('ZIP 4027 agrees');
    expect(zipText({ ...real, zip: { ...zip, agrees: true, alone: true } })).toBe('placed by ZIP 4027');
    expect(zipText(real)).toBe('');
    expect(matchedText({ ...real, zip: { ...zip, agrees: false }, confidence: 0.4 })).toBe(
      'ZIP 4027 is City of Calamba, not Los Baños · 40%',
    );
  });

  test('says which words each level matched, in order from the barangay up, and how sure', () => {
    expect(matchedText(laoag5)).toBe('matched barangay “Brgy. 5”, town “Laoag City”, province “Ilocos Norte” · 96%');
  });

  test('says a fallback did not find the unit asked for, and an alternative is not in the town named', () => {
    expect(matchedText(santoTomas)).toBe(
      'matched town “Sto. Tomas”, province “Davao del Norte” · barangay “Poblacion” not found · 37%',
    );
    const poblacion = candidate({
      name: 'Poblacion',
      level: 'Bgy',
      parents: ['New Corella', 'Davao del Norte', 'Region XI (Davao Region)'],
      matched: { barangay: 'Poblacion' },
      confidence: 0.29,
      outside: { level: 'town', text: 'Sto. Tomas' },
    });
    expect(matchedText(poblacion)).toBe('matched barangay “Poblacion” · not in Sto. Tomas · 29%');
  });

  test('a code of an older list says which, and the code of the place now', () => {
    const sulu = candidate({
      name: 'Sulu',
      code: '0906600000',
      level: 'Prov',
      parents: ['Region IX (Zamboanga Peninsula)'],
      matched: {},
      confidence: 1,
      recoded_from: { code: '1906600000', vintages: ['4Q 2023', '4Q 2024'] },
    });
    expect(matchedText(sulu)).toBe('PSGC 1906600000 (4Q 2023, 4Q 2024) is now 0906600000 · 100%');
  });

  test('is empty from a service without the extensions, and the context line is unchanged', () => {
    const plain = candidate({ name: 'Norzagaray', level: 'Mun', parents: ['Bulacan', 'Region III'] });
    expect(matchedText(plain)).toBe('');
    expect(contextText(plain)).toBe('Municipality · Bulacan · Region III');
  });

  test('an independent city says what it is, and that the province it lies in is not its own', () => {
    const davao = candidate({
      name: 'City of Davao',
      level: 'City',
      parents: ['Davao del Sur', 'Region XI (Davao Region)'],
      independent_of: 'Davao del Sur',
      city_class: 'HUC',
    });
    expect(contextText(davao)).toBe('Highly urbanized city · independent of Davao del Sur · Region XI (Davao Region)');
    const digos = candidate({ name: 'City of Digos', level: 'City', parents: ['Davao del Sur', 'Region XI'] });
    expect(contextText(digos)).toBe('City · Davao del Sur · Region XI');
  });

  test('finds the province among the parents; a province is its own, a region has none', () => {
    expect(provinceOf(laoag5)).toBe('Ilocos Norte');
    expect(provinceOf(santoTomas)).toBe('Davao del Norte');
    expect(provinceOf(candidate({ name: 'Cebu', level: 'Prov', parents: ['Region VII'] }))).toBe('Cebu');
    expect(provinceOf(candidate({ name: 'Region VII', level: 'Reg', parents: [] }))).toBeUndefined();
  });
});

describe('the status line', () => {
  test('counts the places of an ambiguous name, with a plus when the service cut the list at its limit', () => {
    const five = shapeResults({
      data: ['Batangas', 'Antique', 'Tarlac', 'Batangas', 'Romblon'].map((p) => sanJose(p)),
    });
    expect(five.ambiguous).toBe(true);
    expect(statusText('San Jose', { results: five })).toBe('5 places found');
    expect(five.provinces).toEqual([
      { name: 'Antique', count: 1 },
      { name: 'Batangas', count: 2 },
      { name: 'Romblon', count: 1 },
      { name: 'Tarlac', count: 1 },
    ]);
    const fifty = shapeResults({ data: Array.from({ length: 50 }, (_, i) => sanJose(`P${i}`)) });
    expect(statusText('San Jose', { results: fifty })).toBe('50+ places found');
    expect(fifty.shown).toHaveLength(8);
  });

  test('counts only the places shown when the best one stands out', () => {
    const results = shapeResults({ data: [sanJose('Batangas', 0.9), sanJose('Antique', 0.5)] });
    expect(results.ambiguous).toBe(false);
    expect(statusText('San Jose, Batangas', { results })).toBe('2 places found');
  });

  test('names what was not found when the best answer is a fallback', () => {
    const results = shapeResults({ data: [santoTomas, sanJose('Davao del Norte', 0.37)] });
    expect(results.ambiguous).toBe(false);
    expect(statusText('Purok 3, Poblacion, Sto. Tomas', { results })).toBe(
      'Barangay “Poblacion” not found; showing Santo Tomas',
    );
    expect(notFoundText(laoag5)).toBe('');
  });

  test('says searching, a miss and a failure', () => {
    expect(statusText('S', {})).toBe('');
    expect(statusText('!!', {})).toBe(''); // not sent: no 'Searching…' that never ends
    expect(statusText('Norzagaray', {})).toBe('Searching…');
    expect(statusText(' zzqxv ', { results: shapeResults({ data: [] }) })).toBe('No place matches “zzqxv”');
    const abroad = 'The address is in Japan, outside the Philippines: it names no Philippine place to match.';
    expect(statusText('Shinjuku, Tokyo, Japan', { results: shapeResults({ data: [], reason: abroad }) })).toBe(abroad);
    expect(statusText('Makati', { error: new Error('The service is down') })).toBe(
      'Search failed: The service is down',
    );
  });
});

describe('answers of the service, shaped for the box', () => {
  serviceServer();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const search = async (q: string) => shapeResults(await client.fetchQuery(geocodeQueries.search(q)));

  test('a name many towns share is ambiguous, and every place of it is listed', async () => {
    const results = await search('San Jose');
    expect(results.ambiguous).toBe(true);
    expect(results.all.length).toBe(50);
    expect(results.all.filter((c) => c.name === 'San Jose' && c.level === 'Mun').length).toBeGreaterThan(5);
    expect(results.provinces.map((p) => p.name)).toEqual(expect.arrayContaining(['Batangas', 'Antique', 'Tarlac']));
  });

  test('a whole street address lands on its barangay and says what it matched', async () => {
    const results = await search('123 Rizal St., Brgy. 5 (Pob.), Laoag City, Ilocos Norte');
    expect(results.ambiguous).toBe(false);
    const [first] = results.all;
    expect(first.level).toBe('Bgy');
    expect(first.parents[0]).toBe('City of Laoag');
    expect(matchedText(first)).toMatch(/^matched barangay “.*5.*”, town “Laoag.*”, province “Ilocos Norte” · \d+%$/);
  });

  test('a barangay missing from its town falls back to the town and says so', async () => {
    const q = 'Brgy. Kalamansi, Norzagaray, Bulacan';
    expect(statusText(q, { results: await search(q) })).toBe('Barangay “Kalamansi” not found; showing Norzagaray');
  });

  test('the query key is the trimmed text, so the box and an Enter share one answer', () => {
    expect(geocodeQueries.search(' Norzagaray ').queryKey).toEqual(geocodeQueries.search('Norzagaray').queryKey);
  });
});
