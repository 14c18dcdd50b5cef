/**
 * Ids keep counting however many records are stored. They were once Math.max(...ids) + 1, which passes every
 * id as an argument and throws a RangeError past about 125,000 records, so every create answered 500.
 */
import { describe, expect, test } from 'vitest';
import { requestWith } from '../test/service-request.ts';
import { testDataset } from '../test/service-server.ts';
import { Service } from './service.ts';
import { type CreatedRecords, emptyRecords, memoryStore } from './store.ts';

const KEY = 'ids-key';
const MANY = 200_000;
const createdAt = '2026-11-01T00:00:00.000Z';

const request = requestWith(KEY);
const serviceOver = async (records: CreatedRecords) =>
  Service.create({ source: await testDataset(), store: memoryStore(records), keys: [KEY] });

describe(`with ${MANY.toLocaleString('en')} created records stored`, () => {
  test('a new region gets the id after the highest', async () => {
    const records = emptyRecords();
    for (let i = 0; i < MANY; i++) {
      records.regions.push({ numericId: 100 + i, stringId: `region-r${i}`, name: `R ${i}`, code: `R${i}`, createdAt });
    }
    const service = await serviceOver(records);
    const created = await service.call('POST', request('/v1/regions', { name: 'Next', code: 'NEXT' }));
    expect(created.status).toBe(201);
    const read = await service.call('GET', request('/v1/regions/region-next'));
    expect((read.body as { data: { id: number } }).data.id).toBe(100 + MANY);
  });

  test('a new province gets the id after the highest', async () => {
    const records = emptyRecords();
    for (let i = 0; i < MANY; i++) {
      const numericId = 100_000 + i;
      records.provinces.push({
        numericId,
        id: String(numericId),
        name: `P ${i}`,
        regionId: 'region-ncr',
        code: `P${i}`,
        createdAt,
      });
    }
    const service = await serviceOver(records);
    const body = { name: 'Next', code: 'NEXT', region_id: 'region-ncr' };
    const created = await service.call('POST', request('/v1/provinces', body));
    expect(created).toMatchObject({ status: 201, body: { id: String(100_000 + MANY) } });
  });
});
