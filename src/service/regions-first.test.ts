import { expect, test } from 'vitest';
import { dataPaths } from '../dataset/types.ts';
import { diskDataSource } from '../server/disk.ts';
import { requestWith } from '../test/service-request.ts';
import type { DataSource } from './data-source.ts';
import { Dataset } from './dataset.ts';
import { Service } from './service.ts';
import { memoryStore } from './store.ts';

/** The built data on disk, recording which files the service reads. */
function recordingSource() {
  const disk = diskDataSource();
  const read: string[] = [];
  const source: DataSource = {
    json: (path) => {
      read.push(path);
      return disk.json(path);
    },
  };
  return { source, read };
}

const KEY = 'k';
const request = requestWith(KEY);

test('started from the regions alone, it answers the first screen without reading the rest of the code list', async () => {
  const { source, read } = recordingSource();
  const service = await Service.create({ source, store: memoryStore(), keys: [KEY], regionsFirst: true });
  const list = await service.call('GET', request('/v1/regions?limit=100'));
  const shapes = await service.call('GET', request('/v1/regions?geometry=simple&output=geojson&limit=100'));
  expect(read).not.toContain(dataPaths.unitsIndex);
  expect(read).toEqual(
    expect.arrayContaining([dataPaths.manifest, dataPaths.regionUnits, dataPaths.regions('simple')]),
  );

  // The same answers as a service that read everything at once.
  const full = await Service.create({
    source: await Dataset.load(diskDataSource()),
    store: memoryStore(),
    keys: [KEY],
  });
  expect(list).toEqual(await full.call('GET', request('/v1/regions?limit=100')));
  expect(shapes).toEqual(await full.call('GET', request('/v1/regions?geometry=simple&output=geojson&limit=100')));
});

test('an endpoint beyond the regions reads the rest of the code list first, once, and answers as in full', async () => {
  const { source, read } = recordingSource();
  const service = await Service.create({ source, store: memoryStore(), keys: [KEY], regionsFirst: true });
  const [a, b] = await Promise.all([
    service.call('GET', request('/v1/provinces')),
    service.call('GET', request('/v1/municities?province=Cebu&limit=100')),
  ]);
  expect(read.filter((p) => p === dataPaths.unitsIndex)).toHaveLength(1);
  const full = await Service.create({
    source: await Dataset.load(diskDataSource()),
    store: memoryStore(),
    keys: [KEY],
  });
  expect(a).toEqual(await full.call('GET', request('/v1/provinces')));
  expect(b).toEqual(await full.call('GET', request('/v1/municities?province=Cebu&limit=100')));
  expect((b.body as { data: unknown[] }).data.length).toBeGreaterThan(40);
});
