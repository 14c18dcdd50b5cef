/**
 * Reorganizing against history: on the 4Q 2023 data, creating the Negros Island Region as the 4Q 2024 code list did
 * (Negros Occidental, Negros Oriental, Siquijor and the City of Bacolod, out of Regions VI and VII) draws the
 * region and its parents as the 4Q 2024 data draws them, at every detail; undoing it gives back the 4Q 2023
 * regions exactly. Both vintages of the data under test are read: the fixture country's in its tier (npm run
 * data:fixture builds every vintage).
 */
import type { MultiPolygon } from 'geojson';
import { beforeAll, describe, expect, test } from 'vitest';
import { DETAILS } from '../dataset/types.ts';
import { diskDataSource } from '../server/disk.ts';
import { landAreaKm2 } from '../test/land-area.ts';
import { requestWith } from '../test/service-request.ts';
import { buildOf } from '../test/vintage.ts';
import { Dataset } from './dataset.ts';
import { Service } from './service.ts';
import { memoryStore } from './store.ts';

const KEY = 'history-key';
const request = requestWith(KEY);

const older = () => Dataset.load(diskDataSource(buildOf('4Q 2023')));
const newer = () => Dataset.load(diskDataSource(buildOf('4Q 2024')));

let service: Service;
let reference: Service;
beforeAll(async () => {
  [service, reference] = await Promise.all(
    [older(), newer()].map(async (source) =>
      Service.create({ source: await source, store: memoryStore(), keys: [KEY] }),
    ),
  );
  expect(service.ctx.vintage).toBe('4Q 2023');
  expect(reference.ctx.vintage).toBe('4Q 2024');
}, 60_000);

async function outlines(on: Service, detail: string): Promise<Map<string, { name: string; geometry: MultiPolygon }>> {
  const answer = await on.call('GET', request(`/v1/regions?limit=100&geometry=${detail}`));
  expect(answer.status).toBe(200);
  const regions = (
    answer.body as { data: { code: string; short_code: string; name: string; geometry: MultiPolygon }[] }
  ).data;
  return new Map(regions.map((r) => [r.short_code, { name: r.name, geometry: r.geometry }]));
}

const within = (actual: number, expected: number, tolerance = 0.001) =>
  expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(tolerance);

describe('the Negros Island Region, made again on the 4Q 2023 data', () => {
  test('its outline and its parents equal the 4Q 2024 data within 0.1% at each detail, and undoing it restores 4Q 2023', async () => {
    const before = new Map(await Promise.all(DETAILS.map(async (d) => [d, await outlines(service, d)] as const)));
    expect(before.get('simple')!.has('NIR')).toBe(false);

    const created = await service.call(
      'POST',
      request('/v1/regions', {
        name: 'Negros Island Region',
        code: 'NIR',
        // Negros Occidental and Negros Oriental, Siquijor (province ids), and the City of Bacolod (a city id).
        province_ids: ['6045', '7046', '7061', 630200],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ id: 'region-nir', code: 'NIR' });

    for (const detail of DETAILS) {
      const now = await outlines(service, detail);
      const then = await outlines(reference, detail);
      for (const code of ['NIR', 'VI', 'VII']) {
        const area = landAreaKm2(now.get(code)!.geometry);
        const expected = landAreaKm2(then.get(code)!.geometry);
        // At simple too: the country overview is dissolved from generalized areas, which a region is drawn from.
        within(area, expected);
      }
    }
    // The lists follow: the region's provinces, and Region VI's, which lost Negros Occidental.
    const listed = async (region: string) =>
      (
        (await service.call('GET', request(`/v1/provinces?region_id=${region}`))).body as { data: { name: string }[] }
      ).data
        .map((p) => p.name)
        .sort();
    expect(await listed('region-nir')).toEqual(['Negros Occidental', 'Negros Oriental', 'Siquijor']);
    expect(await listed('region-vi')).not.toContain('Negros Occidental');
    expect(await listed('region-vii')).not.toContain('Negros Oriental');
    // Population and area are the members' summed; the parents lose theirs.
    const record = async (on: Service, id: string) =>
      (
        (await on.call('GET', request(`/v1/regions/${id}`))).body as {
          data: { population: number; area_km2: number };
        }
      ).data;
    const nir = await record(service, 'region-nir');
    const nir2024 = await record(reference, 'region-nir');
    expect(nir.population).toBe(nir2024.population);
    within(nir.area_km2, nir2024.area_km2);
    within((await record(service, 'region-vi')).area_km2, (await record(reference, 'region-vi')).area_km2);

    const undone = await service.call('DELETE', request('/v1/regions/region-nir'));
    expect(undone.status).toBe(200);
    for (const detail of DETAILS) {
      const after = await outlines(service, detail);
      expect([...after.keys()]).toEqual([...before.get(detail)!.keys()]);
      for (const [code, region] of before.get(detail)!) expect(after.get(code)).toEqual(region);
    }
    expect(await listed('region-vi')).toContain('Negros Occidental');
  }, 60_000);
});
