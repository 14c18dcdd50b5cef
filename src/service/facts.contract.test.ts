/**
 * The facts a town's record carries as extensions (docs/api-decisions.md, "Facts"): the correspondence code,
 * former names, land area and density, on the town and on each barangay. Area figures are checked against the
 * town's own barangays, not against constants: a town's polygon is the union of its barangays'.
 */
import { describe, expect, test } from 'vitest';
import { api, serviceServer } from '../test/service-server.ts';

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
