/**
 * The facts a town's record carries as extensions (docs/api-decisions.md, "Facts"): the correspondence code,
 * former names, land area and density, on the town and on each barangay. Area figures are checked against the
 * town's own barangays, not against constants: a town's polygon is the union of its barangays'.
 */
import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';
import { byVintage } from '../test/vintage.ts';

serviceServer();

const MANILA = '1380600000';

describe("a town's facts", () => {
  test('carry its correspondence code, area and density, with density = population ÷ area', async () => {
    const { status, body } = await api(`/v1/municities/${MANILA}`);
    expect(status).toBe(200);
    const town = body.data;
    expect(town.correspondence_code).toMatch(/^\d{9}$/);
    expect(Array.isArray(town.old_names)).toBe(true);
    expect(town.area_km2).toBeGreaterThan(0);
    expect(town.density).toBeCloseTo(town.population / town.area_km2, 0);
  });

  test("a town's barangays' areas add up to its own, less what lies in no barangay", async () => {
    const { body } = await api(`/v1/municities/${MANILA}?geometry=detailed`);
    const barangays = body.geojson.features.map((f: { properties: { area_km2: number | null } }) => f.properties);
    const sum = barangays.reduce((s: number, b: { area_km2: number | null }) => s + (b.area_km2 ?? 0), 0);
    expect(barangays.length).toBe(body.data.barangay_count);
    // Manila's polygon also holds areas in no barangay (Manila North Cemetery, docs/data.md), a few percent;
    // each barangay's area is rounded to 0.01 km².
    expect(sum).toBeLessThanOrEqual(body.data.area_km2 + barangays.length * 0.005);
    expect(sum / body.data.area_km2).toBeGreaterThan(0.95);
  });
});

describe('what the change report says of a place', () => {
  test('Bacolod: recoded and moved to the Negros Island Region in 4Q 2024; unchanged on the 4Q 2023 list', async () => {
    const code = byVintage({ '4Q 2023': '0630200000', '4Q 2024': '1830200000' });
    const { body } = await api(`/v1/municities/${code}`);
    expect(body.data.changes).toEqual(
      byVintage({
        '4Q 2023': undefined,
        '4Q 2024': {
          since: '4Q 2023',
          items: [
            { kind: 'recoded', from: '0630200000' },
            { kind: 'moved', from: 'Region VI (Western Visayas)', to: 'Negros Island Region (NIR)' },
          ],
        },
      }),
    );
  });

  test('a barangay new in 4Q 2024 says so, and that it has no boundary yet; an unchanged town says nothing', async () => {
    const { body } = await api('/v1/municities/1380100000?geometry=simple'); // Caloocan
    const byCode = new Map(
      body.geojson.features.map((f: { properties: { code: string } }) => [f.properties.code, f.properties]),
    );
    const kinds = (code: string) =>
      (byCode.get(code) as { changes?: { items: { kind: string }[] } } | undefined)?.changes?.items.map((c) => c.kind);
    expect(kinds('1380100189')).toEqual(byVintage({ '4Q 2023': undefined, '4Q 2024': ['added', 'no_boundary'] }));
    // Agoncillo, Batangas: the same code, name and place in both lists
    expect((await api('/v1/municities/0401001000')).body.data.changes).toBeUndefined();
  });
});
