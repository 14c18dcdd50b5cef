/**
 * Cells that are no address, addresses abroad and ZIP codes, as a matched file sends them (POST /v1/geocode/batch;
 * a file's ZIP column comes labelled, "ZIP 4027", from matching/columns.ts): each junk cell is unmatched with a
 * reason a person understands and never placed; a ZIP code is evidence of the town.
 */
import { describe, expect, test } from 'vitest';
import type { BatchGeocodeResult } from '../contract/types.ts';
import { api, serviceServer, testDataset } from '../test/service-server.ts';
import { fitReason } from './answers/matched.ts';
import { notAnAddress } from './geocode/not-an-address.ts';

serviceServer();

const batch = async (addresses: string[]) =>
  (await api<{ data: BatchGeocodeResult[] }>('/v1/geocode/batch', { body: { addresses } })).body.data;

describe('a cell that is no address', () => {
  test.each([
    ['=SUM(A1:A3)', '“=SUM(A1:A3)” is a spreadsheet formula, not an address.'],
    ['=A1&", "&B1', '“=A1&", "&B1” is a spreadsheet formula, not an address.'],
    ['n/a', '“n/a” is a placeholder, not an address.'],
    ['N/A', '“N/A” is a placeholder, not an address.'],
    ['-', '“-” is a placeholder, not an address.'],
    ['see attached', '“see attached” is a placeholder, not an address.'],
    ['Same as above', '“Same as above” is a placeholder, not an address.'],
    ['lorem ipsum', '“lorem ipsum” is placeholder text (lorem ipsum), not an address.'],
    [
      'Lorem ipsum dolor sit amet, consectetur adipiscing elit',
      '“Lorem ipsum dolor sit amet, consectetur …” is placeholder text (lorem ipsum), not an address.',
    ],
    ['12345', '“12345” is only a number, and no ZIP code or PSGC code of a place.'],
    ['0917 123 4567', '“0917 123 4567” is only a number, and no ZIP code or PSGC code of a place.'],
  ])('%s is unmatched, with no point, saying what it is', async (cell, reason) => {
    const [row] = await batch([cell]);
    expect(row).toEqual({ status: 'unmatched', match: null, candidates: [], reason });
  });

  test("no unit's name, nor any of its old names, is taken for one", async () => {
    const units = await (await testDataset()).allUnits();
    expect(units.length).toBeGreaterThan(40_000);
    const taken = units.flatMap((u) => [u.name, ...(u.oldNames ?? [])]).filter((name) => notAnAddress(name));
    expect(taken).toEqual([]);
  });

  test('a number that is a ZIP code or a PSGC code is a place, not a bare number', async () => {
    const [zip, code] = await batch(['4027', '0403405000']);
    expect(zip.match?.city_municipality?.name).toBe('City of Calamba');
    expect(code).toMatchObject({ status: 'matched', match: { psgc_code: '0403405000' } });
  });
});

describe('an address abroad, by its ZIP code or state in another column', () => {
  test.each([
    ['1600 Amphitheatre Pkwy, Mountain View, ZIP 94043', /^ZIP 94043 is not a Philippine ZIP code/],
    ['1600 Amphitheatre Pkwy, Mountain View, 94043-1351', /^ZIP 94043-1351 is not a Philippine ZIP code/],
    ['1600 Amphitheatre Pkwy, Mountain View, CA, ZIP 94043', /^The address is in the United States/],
    ['350 Fifth Avenue, New York, New York', /^The address is in the United States/],
    ['7-2-1 Shinjuku, Tokyo, Japan, ZIP 160-0022', /^The address is in Japan/],
  ])('%s is unmatched', async (address, reason) => {
    const [row] = await batch([address]);
    expect(row.status).toBe('unmatched');
    expect(row.match).toBeNull();
    expect(row.reason).toMatch(reason);
  });

  test('a last part named like what every object has is no country', async () => {
    const rows = await batch(['Lahug, Cebu City, constructor', 'Lahug, Cebu City, toString']);
    expect(rows.map((r) => r.reason ?? '')).not.toContainEqual(expect.stringMatching(/outside the Philippines/));
  });

  test('a Philippine address with a ZIP code, or a house number of five digits, is not', async () => {
    const rows = await batch(['Brgy. Real, Calamba, Laguna, ZIP 4027', '12345 Rizal St, Cainta, Rizal']);
    expect(rows.map((r) => r.match?.city_municipality?.name)).toEqual(['City of Calamba', 'Cainta']);
  });
});

describe("a file's ZIP code", () => {
  test('that agrees raises the confidence and keeps the row matched', async () => {
    const [without, agrees] = await batch(['Brgy. Real, Calamba, Laguna', 'Brgy. Real, Calamba, Laguna, ZIP 4027']);
    expect(agrees).toMatchObject({ status: 'matched', match: { barangay: { name: 'Real' } } });
    expect(agrees.match?.confidence).toBeGreaterThan(without.match?.confidence ?? 1);
  });

  test('that disagrees makes the row ambiguous, with the sentence the geocoder gives, and offers its town', async () => {
    const [row] = await batch(['Lahug, Cebu City, ZIP 6531']);
    expect(row.status).toBe('ambiguous');
    expect(row.reason).toBe('ZIP 6531 is Kananga, not City of Cebu.');
    expect(row.candidates.map((c) => c.city_municipality?.name)).toContain('Kananga');
  });

  test('alone places the row at its town; with a name its towns share, at the one that has it', async () => {
    const [alone, poblacion] = await batch(['ZIP 4027', 'Poblacion, ZIP 6531']);
    expect(alone).toMatchObject({
      match: { city_municipality: { name: 'City of Calamba' }, note: 'Placed by ZIP 4027.' },
    });
    // "Poblacion" names hundreds of barangays; 6531 is Kananga's
    expect(poblacion).toMatchObject({
      status: 'matched',
      match: { name: 'Poblacion', city_municipality: { name: 'Kananga' } },
    });
  });
});

test('the reason for a place not sure enough counts its places right', () => {
  expect(fitReason(1)).toBe('Only 1 place fits the address, and it explains too little of it to be sure.');
  expect(fitReason(3)).toBe('3 places fit the address; the best is shown.');
});
