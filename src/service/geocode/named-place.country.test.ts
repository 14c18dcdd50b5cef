import { beforeAll, describe, expect, test } from 'vitest';
import type { GeocodeCandidate } from '../../contract/types.ts';
import { diskDataSource } from '../../server/disk.ts';
import { codeListSearch } from '../../test/code-list-geocoder.ts';
import { Dataset } from '../dataset.ts';
import { type Geocoder, loadGeocoder } from './search.ts';

// "Name, Province": the place of that name inside the named province, before a town of that name elsewhere
describe('the place the address names inside the province it names', () => {
  let geocoder: Geocoder;
  let search: ReturnType<typeof codeListSearch>;
  beforeAll(async () => {
    const data = await Dataset.load(diskDataSource());
    geocoder = await loadGeocoder(data);
    search = codeListSearch(data, geocoder);
  });
  const where = (c: GeocodeCandidate | undefined) => c && [c.level, c.name, ...c.parents.slice(0, 2)];

  test.each([
    ['San Sebastian, Camarines Sur', ['Bgy', 'San Sebastian', 'Lagonoy', 'Camarines Sur']],
    ['San Joaquin, Laguna', ['Bgy', 'San Joaquin', 'City of San Pablo', 'Laguna']],
    ['Real, Pangasinan', ['Bgy', 'Real', 'Urbiztondo', 'Pangasinan']],
    ['San Fabian, Nueva Ecija', ['Bgy', 'San Fabian', 'Santo Domingo', 'Nueva Ecija']],
    ['San Benito, Bataan', ['Bgy', 'San Benito', 'Dinalupihan', 'Bataan']],
  ])('%s is the barangay in that province, not the town elsewhere, and is the surest candidate', (q, place) => {
    const all = search(q, 10);
    expect(where(all[0])).toEqual(place);
    expect(all[0].outside).toBeUndefined();
    // the town of that name in another province, if offered at all, is offered below it and less sure
    for (const c of all.slice(1)) expect(c.confidence).toBeLessThanOrEqual(all[0].confidence ?? 0);
    expect(all[0].confidence).toBeGreaterThan(0.7);
  });

  test('a barangay of an independent city, named with the province the city lies in, is that barangay', () => {
    // "Davao" alone is the City of Davao too: the province's whole name reads the words better (GeoNames, Wines)
    for (const [q, town] of [
      ['Wines, Davao del Sur', 'City of Davao'],
      ['Vitali, Zamboanga del Sur', 'City of Zamboanga'],
    ]) {
      const [c] = search(q, 5);
      expect([c.level, c.parents[0]], q).toEqual(['Bgy', town]);
    }
  });

  test('a town named after a barangay is a town it is not in, not a mention of its region', () => {
    // a misspelt "Barangay" leaves "19-B" unread; "(POB.)" is then a Poblacion, and "CITY OF DAVAO" a town it is not
    // in (once read as a mention of the Davao Region, it sent the row to Poblacion, Sulop)
    for (const q of [
      'KM. 4, 4 J.P. LAUREL AVENUE, BAJADA, BARANGGAAY 19-B (POB.), CITY OF DAVAO, DAVAO DEL SUR',
      'BARANGGAAY 19-B (POB.), CITY OF DAVAO, DAVAO DEL SUR',
    ]) {
      const [c] = search(q, 5);
      expect([c.name, c.parents[0]], q).toEqual(['City of Davao', 'Davao del Sur']);
    }
    // the misspelling a registry wrote is read as the level word it is
    const [c] = search('SUAZO STREET, BAARANGAY 28-C (POB.), CITY OF DAVAO, DAVAO DEL SUR', 5);
    expect([c.name, c.parents[0]]).toEqual(['Barangay 28-C', 'City of Davao']);
  });

  test('a barangay split in parts, written by its name from before, is one of the parts, in the town named', () => {
    // GeoNames lists "Tulay" (Maragondon) and "Muladbucad" (Guinobatan), split since into Silangan and Kanluran,
    // Grande and Pequeño
    for (const [q, part, town] of [
      ['Brgy. Tulay, Maragondon, Cavite', /^Tulay (Silangan|Kanluran)$/, 'Maragondon'],
      ['Muladbucad, Albay', /^Muladbucad (Grande|Pequeño)$/, 'Guinobatan'],
    ] as const) {
      const [c] = search(q, 5);
      expect(c.name, q).toMatch(part);
      expect(c.parents[0], q).toBe(town);
    }
    // a barangay of that very name comes first: Baggao has Agaman, Agaman Norte and Agaman Sur
    expect(search('Agaman, Baggao, Cagayan', 5)[0]).toMatchObject({
      name: 'Agaman',
      parents: ['Baggao', 'Cagayan', expect.any(String)],
    });
  });

  test('a town of another province loses to the parts of a split barangay of its name in the named province', () => {
    // GeoNames' "Cordova" (Tigbauan) and "Tuao" (Bagabag), split since into Norte and Sur, North and South: the
    // province named holds a place of that name, so it is no slip for the town of Cebu or of Cagayan
    for (const [q, part, town] of [
      ['Cordova, Iloilo', /^Cordova (Norte|Sur)$/, 'Tigbauan'],
      ['Tuao, Nueva Vizcaya', /^Tuao (North|South)$/, 'Bagabag'],
    ] as const) {
      const [c] = search(q, 5);
      expect(c.name, q).toMatch(part);
      expect(c.parents[0], q).toBe(town);
      expect(c.outside, q).toBeUndefined();
    }
  });

  test('a barangay of a name no other unit has, named with a province with nothing of its name, is that barangay', () => {
    // GeoNames files Taguitic under Aurora, Zamboanga del Sur; it is a barangay of Kapatagan, Lanao del Norte, over the
    // border: the barangay, said to be outside the province named, before the province with "Taguitic" not found
    expect(search('Taguitic, Zamboanga del Sur', 5)[0]).toMatchObject({
      level: 'Bgy',
      name: 'Taguitic',
      parents: ['Kapatagan', 'Lanao del Norte', expect.any(String)],
      outside: { level: 'province', text: 'Zamboanga del Sur' },
    });
    // a street of that name in a town the address names is a street of that town
    expect(search('BURGOS STREET, 2F P&G BUILDING, ORMOC CITY, LEYTE', 5)[0]).toMatchObject({
      name: 'Ormoc City',
    });
  });

  test('the town of another province still wins where the named province has nothing of its name', () => {
    expect(search('BORONGAN SAMAR', 5)[0]).toMatchObject({
      name: 'City of Borongan',
      outside: { level: 'province', text: 'SAMAR' },
    });
    expect(search('Tagaytay City, Batangas', 5)[0]).toMatchObject({ name: 'City of Tagaytay' });
  });

  test('a ZIP code of the town decides for it, though the province has a barangay of its name', () => {
    // Rizal, Laguna has a barangay Antipolo; 1870 is the City of Antipolo's (Rizal)
    const [c] = search('Hello wortld street, Antipolo, Laguna 1870, Philippines', 5);
    expect(c).toMatchObject({ name: 'City of Antipolo', zip: { code: '1870', agrees: true } });
  });

  test('no candidate is surer than the one ranked above it', () => {
    for (const q of [
      'Tagaytay City, Batangas',
      'BAIS NEGROS OCCIDENTAL',
      'Sergio Osmeña Sr, Zamboanga del Sur',
      'Lahug, Davao City',
      'San Jose',
      'Market, Valenzuela, Metro Manila',
      'Purok 3, Laguna 4027',
    ]) {
      const confidences = search(q, 10).map((c) => c.confidence ?? 0);
      expect(confidences, q).toEqual([...confidences].sort((a, b) => b - a));
    }
  });
});
