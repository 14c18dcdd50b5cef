import { beforeAll, describe, expect, test } from 'vitest';
import { buildQueries } from '../../../bench/geocode-queries.ts';
import type { GeocodeCandidate } from '../../contract/types.ts';
import { diskDataSource } from '../../server/disk.ts';
import { codeListSearch } from '../../test/code-list-geocoder.ts';
import { Dataset } from '../dataset.ts';
import { type Geocoder, loadGeocoder } from './search.ts';

describe('the geocoder on the built data', () => {
  let data: Dataset;
  let geocoder: Geocoder;
  let search: ReturnType<typeof codeListSearch>;
  beforeAll(async () => {
    data = await Dataset.load(diskDataSource());
    geocoder = await loadGeocoder(data);
    search = codeListSearch(data, geocoder);
  });
  const first = (q: string) => search(q, 10)[0];
  const town = (c: GeocodeCandidate | undefined) => c?.parents[0];

  test('finds the barangay of a full street address, with what each part matched', () => {
    const c = first('Blk 5 Lot 12 Phase 2, Mabuhay Homes, Brgy. San Isidro, Cainta, Rizal');
    expect(c).toMatchObject({ level: 'Bgy', name: 'San Isidro' });
    expect(town(c)).toBe('Cainta');
    expect(c.matched).toEqual({ barangay: 'San Isidro', town: 'Cainta', province: 'Rizal' });
    expect(c.confidence).toBeGreaterThan(0.5);
  });

  test('an address said over and over is read as said once or twice: the same place', () => {
    const once = first('Brgy. San Isidro, Cainta, Rizal');
    const repeated = first(`${'Brgy. San Isidro, Cainta, Rizal, '.repeat(6)}`.slice(0, 200));
    expect({ name: repeated.name, code: repeated.code }).toEqual({ name: once.name, code: once.code });
    const padded = first(`${'Lot 7 Block 12 '.repeat(10)}Brgy. San Isidro, Cainta, Rizal`);
    expect(padded.code).toBe(once.code);
  });

  test('reads a numbered barangay, a "(Pob.)" and "X City"', () => {
    const c = first('123 Rizal St., Brgy. 5 (Pob.), Laoag City, Ilocos Norte');
    expect(c.level).toBe('Bgy');
    expect(c.name).toMatch(/^Bgy\. No\. 5,/);
    expect(town(c)).toBe('City of Laoag');
  });

  test('a numbered barangay written as 1, I or Uno is the same barangay', () => {
    const codes = ['Barangay 1, Vigan, Ilocos Sur', 'Brgy. I, Vigan', 'Barangay Uno, City of Vigan'].map(
      (q) => first(q).code,
    );
    expect(data.byCode.get(codes[0])?.name).toBe('Barangay I');
    expect(new Set(codes).size).toBe(1);
  });

  test('"Poblacion" in a town whose one poblacion barangay has another name is that barangay', () => {
    const c = first('Purok 3, Poblacion, Sto. Tomas, Davao del Norte');
    expect(c.level).toBe('Bgy');
    expect(town(c)).toBe('Santo Tomas');
    expect(data.byCode.get(c.code)?.poblacion).toBe(true);
  });

  // Names as people write them: each line below was written by someone else, in a public repository
  // (scripts/eval-names.ts says where each was found)
  test('a town whose name carries an abbreviated honorific is found by it: Pres., Gen., Sen.', () => {
    expect(town(first('Swa D, Poblacion Elizalde, Pres. Roxas, Capiz'))).toBe('President Roxas');
    expect(first('Sitio Macaingalan, Gen. Nakar, Quezon').name).toBe('General Nakar');
    expect(first('Sen. Ninoy Aquino, Sultan Kudarat').name).toBe('Sen. Ninoy Aquino');
    expect(first('Senator Ninoy Aquino, Sultan Kudarat').name).toBe('Sen. Ninoy Aquino');
    const c = first('Gulod st., brgy San Pedro, Gen Tinio, Nueva Ecjia');
    expect([c.name, town(c)]).toEqual(['San Pedro', 'General Tinio']);
  });

  test("a province's initials or code with their dots name the province, and the town beside them decides", () => {
    const gapan = first('San Lorenzo, Gapan City, N.E.');
    expect([gapan.name, town(gapan)]).toEqual(['San Lorenzo', 'City of Gapan']);
    expect(gapan.matched?.province).toBe('N.E.');
    // "Z.S." is Zamboanga del Sur's initials and Zamboanga Sibugay's: Ipil is in Sibugay
    expect(first('Ipil, Z.S.')).toMatchObject({ name: 'Ipil', parents: ['Zamboanga Sibugay', expect.any(String)] });
    expect(first('Ipil, Z.S.').confidence).toBeGreaterThan(0.9);
    const santaAna = first('SAN ROQUE STA ANA PAM., STA ANA PAM., PAMPANGGA');
    expect([santaAna.name, town(santaAna)]).toEqual(['San Roque', 'Santa Ana']);
    // inside a name, initials are the name's words: "Gen. S.K. Pendatun"
    expect(first('Gen. S.K. Pendatun, Maguindanao del Sur').name).toBe('Gen. S.K. Pendatun');
  });

  test("a city's nickname after a barangay or a street is the city, even where the barangay's name is elsewhere", () => {
    expect(town(first('Brgy. Kauswagan, CDO'))).toBe('City of Cagayan De Oro');
    expect(town(first('Barangay Lagao, Gensan City'))).toBe('City of General Santos');
    // Divisoria is a barangay of Zamboanga City, not of Cagayan de Oro (where it is a district): the city, saying so
    const cdo = first('Divisoria, CDO');
    expect(cdo.name).toBe('City of Cagayan De Oro');
    expect(cdo.not_found).toEqual({ level: 'Bgy', text: 'Divisoria' });
    expect(first('Gaabacuyan St., Corrales Ex, CDO').code).toMatch(/^10305/);
  });

  test('a town only one province has wins over the wrong province named with it, and says the province disagrees', () => {
    const c = first('Tagaytay City, Batangas');
    expect(c).toMatchObject({ name: 'City of Tagaytay', outside: { level: 'province', text: 'Batangas' } });
    expect(c.parents[0]).toBe('Cavite');
    expect(c.confidence).toBeLessThan(0.6);
    expect(first('Sergio Osmeña Sr, Zamboanga del Sur')).toMatchObject({
      name: 'Sergio Osmeña Sr.',
      outside: { level: 'province', text: 'Zamboanga del Sur' },
    });
    // Ipil was Zamboanga del Sur's until Sibugay was made of it: a long province's name does not outweigh the town
    const ipil = first('Poblacion, Ipil, Z.D.S.');
    expect([ipil.name, town(ipil), ipil.outside?.level]).toEqual(['Poblacion', 'Ipil', 'province']);
    // a province written before the town is not the town's: Pampanga here is a barangay of Davao
    expect(town(first('SASA DISTRICT, PAMPANGA, CITY OF DAVAO, DAVAO DEL SUR'))).toBe('City of Davao');
    // a town many provinces have is not overruled: San Jose, Batangas is Batangas's San Jose
    expect(first('San Jose, Batangas').parents[0]).toBe('Batangas');
    // and a town named with its own province says nothing of the kind
    expect(first('Tagaytay City, Cavite').outside).toBeUndefined();
  });

  test('so does one written with the province after it and no comma, as registries write them', () => {
    // PHIVOLCS' GPS sites (scripts/eval-names.ts): Borongan is Eastern Samar's, Bais Negros Oriental's
    expect(first('BORONGAN SAMAR')).toMatchObject({
      name: 'City of Borongan',
      outside: { level: 'province', text: 'SAMAR' },
    });
    expect(first('BAIS NEGROS OCCIDENTAL')).toMatchObject({
      name: 'City of Bais',
      outside: { level: 'province', text: 'NEGROS OCCIDENTAL' },
    });
    // with its own province, nothing is said; a town many provinces have keeps its province
    expect(first('TAGAYTAY CAVITE')).toMatchObject({ name: 'City of Tagaytay' });
    expect(first('TAGAYTAY CAVITE').outside).toBeUndefined();
    expect(first('San Jose Batangas').parents[0]).toBe('Batangas');
  });

  test('a misspelled province still names it, letter for letter within a few edits', () => {
    expect(first('Gapan Nueva Ecjia').name).toBe('City of Gapan');
    expect(first('Santa Rosa Neuva Ecija')).toMatchObject({
      name: 'Santa Rosa',
      parents: ['Nueva Ecija', expect.any(String)],
    });
    expect(first('Ground Level, SM Pampanga, San Fernando, Pampangga, 2000 Pampanga')).toMatchObject({
      name: 'City of San Fernando',
      parents: ['Pampanga', expect.any(String)],
    });
    // a word far from every province is not read as one
    expect(first('Brgy. Poblacion, Gapan, Zzyzx').name).not.toMatch(/Ecija/);
  });

  test('a barangay the named town does not have: the town, saying so, then the barangay where it really is', () => {
    const [c, alternative] = search('Lahug, Davao City', 5);
    expect(c.name).toBe('City of Davao');
    expect(c.not_found).toEqual({ level: 'Bgy', text: 'Lahug' });
    expect(alternative).toMatchObject({ name: 'Lahug', outside: { level: 'town', text: 'Davao' } });
    expect(town(alternative)).toBe('City of Cebu');
  });

  test('nothing below the named town: the town, not a look-alike elsewhere', () => {
    const c = first('Brgy. Xyzzyville, Tagkawayan, Quezon');
    expect(c.name).toBe('Tagkawayan');
    expect(c.not_found).toEqual({ level: 'Bgy', text: 'Xyzzyville' });
    // Malinta is Valenzuela's, next door (Bagong Silang, once here, is Caloocan's old Barangay 176: splits.test.ts)
    const k = first('Sitio Malinis, Bgy. Malinta, Kalookan City');
    expect(k.name).toBe('City of Caloocan');
    expect(k.not_found?.text).toBe('Malinta');
  });

  test('reads comma-free text and either order', () => {
    expect(first('Zone 4 Nabua Cam. Sur')).toMatchObject({
      name: 'Nabua',
      parents: ['Camarines Sur', expect.any(String)],
    });
    expect(first('San Jose Batangas')).toMatchObject({
      name: 'San Jose',
      level: 'Mun',
      parents: ['Batangas', expect.any(String)],
    });
    for (const q of ['San Isidro, Tagkawayan, Quezon', 'Tagkawayan San Isidro']) {
      const c = first(q);
      expect(c).toMatchObject({ name: 'San Isidro', level: 'Bgy' });
      expect(town(c)).toBe('Tagkawayan');
    }
  });

  test.each([
    ['Mis. Or.', 'Misamis Oriental'],
    ['Mis. Occ.', 'Misamis Occidental'],
    ['Cam. Sur', 'Camarines Sur'],
    ['N. Ecija', 'Nueva Ecija'],
    ['Zambo Sur', 'Zamboanga del Sur'],
    ['M. Mla', 'National Capital Region (NCR)'],
    ['QC', 'Quezon City'],
    ['Compostela Valley', 'Davao de Oro'],
    ['North Cotabato', 'Cotabato'],
    ['Rodriguez (Montalban)', 'Rodriguez'],
    ['Montalban, Rizal', 'Rodriguez'],
    ['Kalookan', 'City of Caloocan'],
    ['Paranaque', 'City of Parañaque'],
    ['Kainta, Rizal', 'Cainta'],
    ['Tugegarao', 'Tuguegarao City'],
    ['Davao', 'City of Davao'],
    ['Muñoz, Nueva Ecija', 'Science City of Muñoz'],
    // the Spanish j, said as h: GeoNames spells the town as it is said
    ['Pinamungahan, Cebu', 'Pinamungajan'],
  ])('%s is %s', (q, name) => {
    expect(first(q).name).toBe(name);
  });

  test('"Name, Province" and "Name, Town" answer inside the named place', () => {
    expect(first('Tondo, Manila')).toMatchObject({ level: 'SubMun', name: 'Tondo I/II' });
    expect(first('San Jose, Batangas')).toMatchObject({ level: 'Mun', parents: ['Batangas', expect.any(String)] });
    const pob = first('Poblacion, Makati');
    expect(pob.level).toBe('Bgy');
    expect(town(pob)).toBe('City of Makati');
  });

  test('an ambiguous name ties its candidates and says so in their confidence', () => {
    const all = search('San Jose', 50);
    expect(all.length).toBe(50);
    const towns = all.filter((c) => c.level === 'Mun' || c.level === 'City');
    expect(towns.length).toBeGreaterThan(8);
    expect(all[0].confidence).toBe(all[1].confidence);
    expect(all[0].confidence).toBeLessThan(0.7);
    expect(all.some((c) => c.name === 'City of San Jose del Monte')).toBe(false);
  });

  test('a partial address as it is typed already finds the place', () => {
    expect(first('Purok 3, Poblacion, Sto. Tomas, Davao del No')?.parents).toContain('Davao del Norte');
    expect(first('Norzagar')?.name).toBe('Norzagaray');
  });

  test('a search told its first candidate is enough answers that candidate alone, the same as in the full list', () => {
    for (const q of ['Brgy. San Isidro, Cainta, Rizal', 'San Jose', 'Poblacion, Sto. Tomas, Batangas', 'Tagkawayn']) {
      const all = geocoder.search(q, 5);
      expect(geocoder.search(q, 5, () => true)).toEqual(all.slice(0, 1));
      expect(geocoder.search(q, 5, () => false)).toEqual(all);
    }
  });

  test('a misspelt name is found the same the second time, when its near keys are already known', () => {
    const once = search('Tagkawayn, Quezon', 5);
    expect(once[0]?.name).toBe('Tagkawayan');
    expect(search('Tagkawayn, Quezon', 5)).toEqual(once);
  });

  test('finds the place meant for at least 90% of the generated queries and in the top five for 96%', async () => {
    // A regression guard: queries written from the code list (bench/geocode-queries.ts), not by people; the real
    // addresses are in npm run bench:geocode.
    const queries = buildQueries(await data.allUnits(), data.hierarchy.geoProvince);
    expect(queries.length).toBeGreaterThanOrEqual(300);
    let top1 = 0;
    let top5 = 0;
    for (const { q, expected } of queries) {
      const codes = search(q, 5).map((c) => c.code);
      if (codes[0] === expected) top1++;
      if (codes.includes(expected)) top5++;
    }
    expect(top1 / queries.length).toBeGreaterThanOrEqual(0.9);
    expect(top5 / queries.length).toBeGreaterThanOrEqual(0.96);
  });
});
