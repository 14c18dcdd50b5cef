import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { beforeAll, describe, expect, test } from 'vitest';
import type { SplitBarangay } from '../../dataset/types.ts';
import { diskDataSource } from '../../server/disk.ts';
import { codeListSearch } from '../../test/code-list-geocoder.ts';
import { matchedAnswer } from '../answers/matched.ts';
import { ServiceContext } from '../context.ts';
import { Dataset } from '../dataset.ts';
import { emptyRecords, memoryStore } from '../store.ts';
import { matchAddress } from './batch.ts';
import { type Geocoder, loadGeocoder } from './search.ts';

/** Caloocan's Barangay 176, split in 4Q 2024 into 176-A to 176-F (docs/changes.md). */
const OLD = '1380100176';

describe('a split barangay on the built data', () => {
  let data: Dataset;
  let geocoder: Geocoder;
  let search: ReturnType<typeof codeListSearch>;
  let split: SplitBarangay;
  beforeAll(async () => {
    data = await Dataset.load(diskDataSource());
    geocoder = await loadGeocoder(data);
    search = codeListSearch(data, geocoder);
    split = (await data.splits()).find((s) => s.code === OLD)!;
  });
  const inOld = (lng: number, lat: number) => booleanPointInPolygon([lng, lat], split.geometry!);

  test.each([
    'Brgy. 176, Caloocan',
    'Barangay 176 Caloocan City',
    '176 Bagong Silang, Caloocan',
    'Sitio Malinis, Bgy. Bagong Silang, Kalookan City',
    'BAGONG SILANG PHASE 9, BARANGAY 176, CITY OF CALOOCAN, NCR, THIRD DISTRICT (NOT A PROVINCE)',
  ])('“%s” answers the old barangay inside its old territory, split, with its parts', (q) => {
    const [first] = search(q, 10);
    expect(first).toMatchObject({ code: OLD, name: 'Barangay 176', level: 'Bgy' });
    expect(first.parents[0]).toBe('City of Caloocan');
    expect(inOld(first.lng, first.lat)).toBe(true);
    // not the town's point, where the parts were placed before
    const town = search('City of Caloocan', 1)[0];
    expect([first.lng, first.lat]).not.toEqual([town.lng, town.lat]);
    expect(first.split?.since).toBe('4Q 2024');
    expect(first.split?.vintages).toContain('4Q 2023');
    expect(first.split?.parts.map((p) => p.name)).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((s) => `Barangay 176-${s}`),
    );
    expect(first.split?.parts.every((p) => data.byCode.get(p.code)?.parent === '1380100000')).toBe(true);
  });

  test('an address naming a part answers that part, which says what it was part of', () => {
    const [first] = search('Brgy. 176-C, Caloocan', 10);
    expect(first).toMatchObject({ code: '1380100191', name: 'Barangay 176-C' });
    expect(first.part_of).toEqual({ code: OLD, name: 'Barangay 176', since: '4Q 2024' });
    expect(first.split).toBeUndefined();
    // a part has no polygon: it stands at the old territory's point, inside the old barangay
    expect(inOld(first.lng, first.lat)).toBe(true);
  });

  test('its old code answers it too, as an older list’s code answers the place now', () => {
    const [first] = search(OLD, 10);
    expect(first).toMatchObject({ code: OLD, name: 'Barangay 176' });
    expect(first.split?.parts).toHaveLength(6);
    expect(matchAddress(geocoder, data, `PSGC ${OLD}`).status).toBe('ambiguous');
  });

  test('a Barangay 176 of another city is not the split one', () => {
    const [first] = search('Barangay 176, Pasay City', 10);
    expect(first.parents[0]).toMatch(/Pasay/);
    expect(first.code).not.toBe(OLD);
    expect(first.split).toBeUndefined();
  });

  test('a matched row of it is ambiguous, at the old territory, says it was split, and offers every part', () => {
    const places = new ServiceContext({ data, records: emptyRecords(), store: memoryStore() }).places();
    const row = matchedAnswer(places, matchAddress(geocoder, data, 'Brgy. 176, Caloocan'));
    expect(row.status).toBe('ambiguous');
    expect(row.match).toMatchObject({
      psgc_code: OLD,
      barangay: { code: OLD, name: 'Barangay 176' },
      city_municipality: { code: '1380100000', name: 'City of Caloocan' },
      region: { code: '1300000000' },
    });
    expect(inOld(row.match!.lng, row.match!.lat)).toBe(true);
    expect(row.reason).toBe(
      'Barangay 176 (PSGC 1380100176, 4Q 2023) was split in 2024 into 176-A to 176-F; the point is inside the old ' +
        'barangay: choose a part.',
    );
    expect(row.candidates.map((c) => c.name)).toEqual([
      'Barangay 176',
      ...['A', 'B', 'C', 'D', 'E', 'F'].map((s) => `Barangay 176-${s}`),
    ]);
    expect(row.candidates.slice(1).every((c) => c.barangay?.code === c.psgc_code)).toBe(true);
  });
});
