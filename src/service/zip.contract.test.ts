/**
 * ZIP codes (docs/api-decisions.md, "ZIP codes"): a town's record lists PHLPost's codes for it, a ZIP
 * code searched finds the towns that have it, and a ZIP code in an address is evidence of the town: it raises the
 * confidence when it agrees, is said when it does not, and places the town when the address names none.
 */
import { describe, expect, test } from 'vitest';
import type { BatchGeocodeResult, GeocodeCandidate, MunicityDetail } from '../contract/types.ts';
import { api, serviceServer } from '../test/service-server.ts';

serviceServer();

const CALAMBA = '0403405000';
const LOS_BANOS = '0403411000';
const MANILA = '1380600000';

const geocode = async (q: string): Promise<GeocodeCandidate[]> => {
  const { status, body } = await api(`/v1/geocode?q=${encodeURIComponent(q)}`);
  expect(status).toBe(200);
  return body.data;
};
const town = async (code: string): Promise<MunicityDetail> => (await api(`/v1/municities/${code}`)).body.data;
/** The town a candidate is or lies in. */
const townOf = (c: GeocodeCandidate) => (c.level === 'Bgy' ? `${c.code.slice(0, 7)}000` : c.code);

describe('looking a ZIP code up, both ways', () => {
  test("a town's record lists its ZIP codes; Manila's are its districts'", async () => {
    expect((await town(CALAMBA)).zip_codes).toContain('4027');
    const manila = (await town(MANILA)).zip_codes ?? [];
    expect(manila.length).toBeGreaterThan(10);
    expect(manila.every((z) => /^10\d\d$/.test(z))).toBe(true);
  });

  test('"4027" answers Calamba first, in the geocoder and in the town search', async () => {
    const [first] = await geocode('4027');
    expect(first).toMatchObject({ code: CALAMBA, zip: { code: '4027', agrees: true, alone: true } });
    const { body } = await api('/v1/municities/search?q=4027');
    expect(body.data[0].code).toBe(CALAMBA);
  });

  test("every ZIP code of Laguna's towns finds a town that lists it, and the town is among the answers", async () => {
    const { body } = await api('/v1/municities?province=Laguna&limit=100');
    const towns = body.data as { code: string; zip_codes?: string[] }[];
    const pairs = towns.flatMap((t) => (t.zip_codes ?? []).map((zip) => ({ zip, town: t.code })));
    // Laguna has 30 towns; a few have two codes (Calamba's Canlubang, Los Baños' college)
    expect(pairs.length).toBeGreaterThanOrEqual(towns.length);
    for (const { zip, town: code } of pairs) {
      const found = await geocode(zip);
      expect(found.map((c) => c.code)).toContain(code);
      expect((await town(found[0].code)).zip_codes).toContain(zip);
    }
  });
});

describe('a ZIP code in an address', () => {
  test('that agrees raises the confidence', async () => {
    const [without] = await geocode('Brgy. Real, Calamba, Laguna');
    const [withZip] = await geocode('Brgy. Real, Calamba, Laguna 4027');
    expect(withZip.code).toBe(without.code);
    expect(withZip.zip).toMatchObject({ code: '4027', agrees: true });
    expect(withZip.confidence).toBeGreaterThanOrEqual(without.confidence ?? 0);
  });

  test("with the wrong town and no barangay: the town named is flagged, and the ZIP code's town offered next", async () => {
    const [first, second] = await geocode('National Highway, Los Baños, Laguna 4027');
    expect(first.code).toBe(LOS_BANOS);
    expect(first.zip).toEqual({ code: '4027', agrees: false, towns: ['City of Calamba'] });
    expect(second.code).toBe(CALAMBA);
    const { body } = await api<{ data: BatchGeocodeResult[] }>('/v1/geocode/batch', {
      body: { addresses: ['National Highway, Los Baños, Laguna 4027'] },
    });
    expect(body.data[0].status).toBe('ambiguous');
    expect(body.data[0].match?.note).toBe('ZIP 4027 is City of Calamba, not Los Baños.');
  });

  test("with the wrong town but a barangay of the ZIP code's town: that barangay is the answer", async () => {
    const [first] = await geocode('Brgy. Real, Los Baños, Laguna 4027');
    expect(first.level).toBe('Bgy');
    expect(townOf(first)).toBe(CALAMBA);
    expect(first.zip?.agrees).toBe(true);
  });

  test('with no town named, places the town by the ZIP code', async () => {
    const [first] = await geocode('Purok 3, Laguna 4027');
    expect(first).toMatchObject({ code: CALAMBA, zip: { agrees: true, alone: true } });
  });

  test('after "City", at the end, is read; after "Brgy." it is a barangay\'s number', async () => {
    const [calamba] = await geocode('Calamba City 4027');
    expect(calamba).toMatchObject({ code: CALAMBA, zip: { code: '4027', agrees: true } });
    const [manila] = await geocode('Brgy. 1008, Sampaloc, Manila');
    expect(manila.zip).toBeUndefined();
  });

  test('before the province, as the whole query, places the town', async () => {
    const [first] = await geocode('4027 Laguna');
    expect(first).toMatchObject({ code: CALAMBA, zip: { agrees: true, alone: true } });
  });

  test('a house number is not read as a ZIP code, even one PHLPost has', async () => {
    const [first] = await geocode('4027 Rizal Street, Batong Malake, Los Baños, Laguna');
    expect(townOf(first)).toBe(LOS_BANOS);
    expect(first.zip).toBeUndefined();
  });
});
