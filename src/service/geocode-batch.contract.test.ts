import { describe, expect, test } from 'vitest';
import { BATCH_GEOCODE_MAX, type BatchGeocodeResult } from '../contract/types.ts';
import { api, serviceServer } from '../test/service-server.ts';
import { byVintage } from '../test/vintage.ts';

serviceServer();

const batch = (addresses: unknown, key?: string | null) =>
  api<{ data: BatchGeocodeResult[] }>('/v1/geocode/batch', { body: { addresses }, key });

describe('POST /v1/geocode/batch (extension)', () => {
  test('answers one result per address, in order, with every level by code and official name', async () => {
    const { status, body } = await batch(['PUROK 2, HUSAYAN, KADINGILAN, BUKIDNON', '', 'Lahug, Cebu City']);
    expect(status).toBe(200);
    expect(body.data.map((r) => r.status)).toEqual(['matched', 'unmatched', 'matched']);
    expect(body.data[0].match).toMatchObject({
      psgc_code: '1001306006',
      level: 'Bgy',
      barangay: { code: '1001306006', name: 'Husayan' },
      city_municipality: { code: '1001306000', name: 'Kadingilan' },
      province: { code: '1001300000', name: 'Bukidnon' },
      region: { code: '1000000000', name: 'Region X (Northern Mindanao)' },
      note: null,
      // where the explorer opens it
      region_id: 10,
      province_id: '10013',
      municity_id: 1001306,
    });
    expect(body.data[0].candidates).toHaveLength(1);
    // An empty address is a row with no match, not an error: a file keeps its empty rows.
    expect(body.data[1]).toEqual({ status: 'unmatched', match: null, candidates: [], reason: 'The address is empty.' });
    // An independent city's province is the one it lies in.
    expect(body.data[2].match).toMatchObject({
      barangay: { name: 'Lahug' },
      city_municipality: { code: '0730600000', name: 'City of Cebu' },
      province: { code: '0702200000', name: 'Cebu' },
      region: { code: '0700000000' },
    });
  });

  test('a split barangay’s old name is ambiguous at its old territory, says so, and offers each part', async () => {
    const [row] = (await batch(['Barangay 176 Caloocan City'])).body.data;
    // In 4Q 2023's own list Barangay 176 is still one barangay, matched as any other.
    if (!byVintage({ '4Q 2023': false, '4Q 2024': true, '2Q 2025': true, '3Q 2025': true })) {
      expect(row).toMatchObject({ status: 'matched', match: { psgc_code: '1380100176' } });
      expect(row.match?.split).toBeUndefined();
      return;
    }
    expect(row.status).toBe('ambiguous');
    expect(row.match).toMatchObject({ psgc_code: '1380100176', barangay: { name: 'Barangay 176' } });
    expect(row.match?.split?.parts.map((p) => p.code)).toEqual(row.candidates.slice(1).map((c) => c.psgc_code));
    expect(row.reason).toMatch(/^Barangay 176 \(PSGC 1380100176, 4Q 2023\) was split in 2024 into 176-A to 176-F/);
    // each part has no polygon: it stands where the old barangay does, and says so
    for (const part of row.candidates.slice(1)) {
      expect([part.lat, part.lng]).toEqual([row.match?.lat, row.match?.lng]);
      expect(part.note).toMatch(/^Part of Barangay 176 since 4Q 2024/);
    }
  });

  test('a barangay given under the wrong town is ambiguous, and the real one is offered', async () => {
    const [row] = (await batch(['Lahug, Mandaue City, Cebu'])).body.data;
    expect(row.status).toBe('ambiguous');
    expect(row.match?.note).toMatch(/No barangay “Lahug”/);
    const lahug = row.candidates.find((c) => c.barangay?.name === 'Lahug');
    expect(lahug).toMatchObject({ city_municipality: { name: 'City of Cebu' } });
    expect(lahug?.note).toMatch(/not in “Mandaue”/);
  });

  test('an address abroad is unmatched with its reason; a Philippine town named like a country is not', async () => {
    const rows = (
      await batch([
        '1600 Amphitheatre Pkwy, Mountain View, CA, USA',
        '1600 Amphitheatre Parkway, Mountain View, CA 94043',
        '7-2-1 Shinjuku, Tokyo, Japan',
        'asdf',
        'Poblacion, Jordan, Guimaras',
        'Sto. Cristo, Mexico, Pampanga',
      ])
    ).body.data;
    expect(rows.slice(0, 4).map((r) => [r.status, r.match, r.reason])).toEqual([
      ['unmatched', null, expect.stringMatching(/^The address is in the United States, outside the Philippines/)],
      ['unmatched', null, expect.stringMatching(/^The address is in the United States, outside the Philippines/)],
      ['unmatched', null, expect.stringMatching(/^The address is in Japan, outside the Philippines/)],
      ['unmatched', null, 'No Philippine place is named in the address.'],
    ]);
    expect(rows[4].match?.city_municipality?.name).toBe('Jordan');
    expect(rows[5].match?.city_municipality?.name).toBe('Mexico');
  });

  test('GET /v1/geocode answers nothing for an address abroad, and says why', async () => {
    const { body } = await api<{ data: unknown[]; reason?: string }>(
      `/v1/geocode?q=${encodeURIComponent('1600 Amphitheatre Pkwy, Mountain View, CA, USA')}`,
    );
    expect(body.data).toEqual([]);
    expect(body.reason).toMatch(/in the United States, outside the Philippines/);
  });

  test('a point for every match, within the Philippines', async () => {
    const { body } = await batch(['Quezon City', 'Poblacion, Kadingilan, Bukidnon']);
    for (const r of body.data) {
      expect(r.match?.lat).toBeGreaterThan(4);
      expect(r.match?.lat).toBeLessThan(22);
      expect(r.match?.lng).toBeGreaterThan(116);
      expect(r.match?.lng).toBeLessThan(127);
    }
  });

  test('refuses a missing key, a body without addresses, too many addresses and a non-string', async () => {
    expect((await batch(['Cebu'], null)).status).toBe(401);
    for (const bad of [undefined, 'Cebu', [1], [null], Array(BATCH_GEOCODE_MAX + 1).fill('Cebu')]) {
      const { status, body } = await batch(bad);
      expect(status).toBe(400);
      expect((body as unknown as { error: { code: string; details: { param: string } } }).error).toMatchObject({
        code: 'invalid_parameter',
        details: { param: 'addresses' },
      });
    }
  });

  test(`takes ${BATCH_GEOCODE_MAX} addresses in one request`, async () => {
    const { status, body } = await batch(Array(BATCH_GEOCODE_MAX).fill('Kadingilan, Bukidnon'));
    expect(status).toBe(200);
    expect(body.data).toHaveLength(BATCH_GEOCODE_MAX);
  });
});
