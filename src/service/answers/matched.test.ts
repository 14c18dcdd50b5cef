import { expect, test } from 'vitest';
import { diskDataSource } from '../../server/disk.ts';
import { TEST_KEY } from '../../test/test-api.ts';
import { Dataset } from '../dataset.ts';
import { matchAddress } from '../geocode/batch.ts';
import { loadGeocoder } from '../geocode/search.ts';
import { Service } from '../service.ts';
import { memoryStore } from '../store.ts';

const ADDRESSES = [
  'PUROK 2, HUSAYAN, KADINGILAN, BUKIDNON',
  'Lahug, Cebu City',
  'Lahug, Mandaue City, Cebu',
  'Barangay 176 Caloocan City',
  'Tondo, Manila',
  '',
];

test('a batch matched in another thread, on a dataset of its own, is named as one matched in this thread', async () => {
  // The other thread's dataset and geocoder; this thread's service never reads a barangay's file itself.
  const other = await Dataset.load(diskDataSource());
  const geocoder = await loadGeocoder(other);
  const elsewhere = await Service.create({
    source: diskDataSource(),
    store: memoryStore(),
    keys: [TEST_KEY],
    matcher: async (addresses) => structuredClone(addresses.map((a) => matchAddress(geocoder, other, a))),
  });
  const here = await Service.create({ source: diskDataSource(), store: memoryStore(), keys: [TEST_KEY] });
  const rows = await elsewhere.matchAddresses(ADDRESSES);
  expect(rows[0].match).toMatchObject({
    barangay: { code: '1001306006', name: 'Husayan' },
    city_municipality: { code: '1001306000', name: 'Kadingilan' },
  });
  expect(rows).toEqual(await here.matchAddresses(ADDRESSES));
});
