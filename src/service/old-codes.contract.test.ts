/**
 * A PSGC code searched for, or standing in a matched file's row, finds its unit: a code of the list
 * served is its unit; one of an older list recoded since is the unit of the same place now, saying so; a 9-digit
 * correspondence code is its unit. Runs on each vintage: what is old on one list is current on another.
 */
import { describe, expect, test } from 'vitest';
import type { BatchGeocodeResult, GeocodeCandidate } from '../contract/types.ts';
import { api, serviceServer } from '../test/service-server.ts';
import { byVintage } from '../test/vintage.ts';

serviceServer();

const geocode = async (q: string) =>
  (await api<{ data: GeocodeCandidate[] }>(`/v1/geocode?q=${encodeURIComponent(q)}`)).body.data;
const batch = async (addresses: string[]) =>
  (await api<{ data: BatchGeocodeResult[] }>('/v1/geocode/batch', { body: { addresses } })).body.data;

/** Negros Occidental: 4Q 2023's code, and the Negros Island Region's since 4Q 2024. */
const NEGROS_OCC = { 2023: '0604500000', since2024: '1804500000' };
/** Sulu: BARMM's code until 4Q 2024, Region IX's in 2Q 2025. */
const SULU = { until2024: '1906600000', since2025: '0906600000' };

describe('a PSGC code as the query', () => {
  test('a code of an older list finds the same place under its code now, and names the lists it came from', async () => {
    const [negros] = await geocode(NEGROS_OCC[2023]);
    expect(negros).toMatchObject({ name: 'Negros Occidental', level: 'Prov', confidence: 1 });
    expect(negros.code).toBe(
      byVintage({
        '4Q 2023': NEGROS_OCC[2023],
        '4Q 2024': NEGROS_OCC.since2024,
        '2Q 2025': NEGROS_OCC.since2024,
        '3Q 2025': NEGROS_OCC.since2024,
      }),
    );
    expect(negros.recoded_from).toEqual(
      byVintage({
        '4Q 2023': undefined,
        '4Q 2024': { code: NEGROS_OCC[2023], vintages: ['4Q 2023'] },
        '2Q 2025': { code: NEGROS_OCC[2023], vintages: ['4Q 2023'] },
        '3Q 2025': { code: NEGROS_OCC[2023], vintages: ['4Q 2023'] },
      }),
    );
    const [sulu] = await geocode(SULU.until2024);
    expect(sulu).toMatchObject({ name: 'Sulu', level: 'Prov' });
    expect(sulu.code).toBe(
      byVintage({
        '4Q 2023': SULU.until2024,
        '4Q 2024': SULU.until2024,
        '2Q 2025': SULU.since2025,
        '3Q 2025': SULU.since2025,
      }),
    );
    expect(sulu.recoded_from?.vintages).toEqual(
      byVintage({
        '4Q 2023': undefined,
        '4Q 2024': undefined,
        '2Q 2025': ['4Q 2023', '4Q 2024'],
        '3Q 2025': ['4Q 2023', '4Q 2024'],
      }),
    );
  });

  test('a current code is its own unit, a correspondence code its unit, and a code of nothing finds nothing', async () => {
    const [manila] = await geocode('1380600000');
    expect(manila).toMatchObject({ code: '1380600000', name: 'City of Manila' });
    expect(manila.recoded_from).toBeUndefined();
    const [cebu] = await geocode('PSGC 0702200000');
    expect(cebu).toMatchObject({ code: '0702200000', name: 'Cebu' });
    // Agoncillo, Batangas: 041001000 in the 9-digit scheme
    expect((await geocode('041001000'))[0]).toMatchObject({ code: '0401001000', name: 'Agoncillo' });
    expect(await geocode('0000000001')).toEqual([]);
  });

  test('in a matched file, a row holding an old barangay code is matched to the barangay now, with a note', async () => {
    // Adjid, a barangay of Indanan (Sulu), and Bacolod's first barangay under their 4Q 2023 codes
    const [adjid, bacolod, address] = await batch(['1906601001', '0630200001', 'Lahug, Cebu City']);
    expect(adjid.status).toBe('matched');
    expect(adjid.match).toMatchObject({
      psgc_code: byVintage({
        '4Q 2023': '1906601001',
        '4Q 2024': '1906601001',
        '2Q 2025': '0906601001',
        '3Q 2025': '0906601001',
      }),
      level: 'Bgy',
      name: 'Adjid',
      city_municipality: { name: 'Indanan' },
      province: { name: 'Sulu' },
    });
    expect(adjid.match?.note).toBe(
      byVintage({
        '4Q 2023': null,
        '4Q 2024': null,
        '2Q 2025': 'PSGC 1906601001 (4Q 2023, 4Q 2024) is now 0906601001.',
        '3Q 2025': 'PSGC 1906601001 (4Q 2023, 4Q 2024) is now 0906601001.',
      }),
    );
    expect(bacolod.match?.psgc_code).toBe(
      byVintage({ '4Q 2023': '0630200001', '4Q 2024': '1830200001', '2Q 2025': '1830200001', '3Q 2025': '1830200001' }),
    );
    expect(bacolod.match?.city_municipality?.name).toBe('City of Bacolod');
    // An address is read as an address, as before
    expect(address.match?.barangay?.name).toBe('Lahug');
  });
});
