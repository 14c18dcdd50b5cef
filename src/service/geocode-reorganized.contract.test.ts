/**
 * The geocoders' answers as the records reorganized the places they name: a created region holding Albay and a
 * created province in it holding Legazpi. The geocoders' indexes are the code list's; every answer names the
 * parents the read model gives now (src/service/answers/geocoded.ts), however it was found: searched, typed
 * (the answers stored at the data's build), matched in a batch, handed straight to the browser's file matcher,
 * or looked up at a point.
 */
import { describe, expect, test } from 'vitest';
import type { BatchGeocodeResult, GeocodeCandidate } from '../contract/types.ts';
import { diskDataSource } from '../server/disk.ts';
import { BASE, TEST_KEY } from '../test/test-api.ts';
import { Dataset } from './dataset.ts';
import { Service } from './service.ts';
import { memoryStore } from './store.ts';

/** A service of its own over a dataset of its own: its geocoder is not built, so typed names are answered stored. */
async function reorganized() {
  const service = await Service.create({
    source: await Dataset.load(diskDataSource()),
    store: memoryStore(),
    keys: [TEST_KEY],
  });
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const answer = await service.call(method, { url: new URL(path, BASE), authorization: `Bearer ${TEST_KEY}`, body });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return answer.body as any;
  };
  const albay = (await call('GET', '/v1/provinces?limit=100')).data.find((p: { name: string }) => p.name === 'Albay');
  await call('POST', '/v1/regions', { name: 'Bikol Sur', code: 'BKS', province_ids: [albay.id] });
  const region = (await call('GET', '/v1/regions/region-bks')).data;
  const province = await call('POST', '/v1/provinces', {
    name: 'Legazpi Metro',
    code: 'LGM',
    region_id: 'region-bks',
    municity_ids: ['0500506000'],
  });
  return { service, call, region, province };
}

describe('geocoding after a reorganization', () => {
  test('a town typed, searched, matched and looked up names its created province and region', async () => {
    const { service, call, region, province } = await reorganized();
    const expected = { parents: ['Legazpi Metro', 'Bikol Sur'], province_id: province.id, region_id: region.id };

    // Typed, before the geocoder is built: the stored answer, named as the places are now.
    expect(await service.ctx.geocoding.typedAnswer('legazpi', 10)).not.toBeNull();
    const typed: GeocodeCandidate[] = (await call('GET', '/v1/geocode?q=legazpi&limit=10')).data;
    expect(typed.find((c) => c.code === '0500506000')).toMatchObject(expected);

    // A barangay of it (Banquerohan, by its code), matched in a batch through the endpoint and through the
    // browser's file matcher.
    const address = '0500506004';
    const [row]: BatchGeocodeResult[] = (await call('POST', '/v1/geocode/batch', { addresses: [address] })).data;
    expect(row.match).toMatchObject({
      psgc_code: '0500506004',
      city_municipality: { code: '0500506000', name: 'City of Legazpi' },
      province: { code: 'LGM', name: 'Legazpi Metro' },
      region: { code: 'BKS', name: 'Bikol Sur' },
      province_id: province.id,
    });
    expect(await service.matchAddresses([address])).toEqual([row]);

    // Searched once the geocoder is built (the batch built it).
    const searched: GeocodeCandidate[] = (await call('GET', `/v1/geocode?q=${address}`)).data;
    expect(searched[0]).toMatchObject({
      code: '0500506004',
      parents: ['City of Legazpi', 'Legazpi Metro', 'Bikol Sur'],
      province_id: province.id,
    });

    // At Legazpi's town hall.
    const here = (await call('GET', '/v1/geocode/reverse?lat=13.1391&lng=123.7438')).data;
    expect(here).toMatchObject({
      municity: { code: '0500506000' },
      province: { id: province.id, name: 'Legazpi Metro', code: null },
      region: { code: 'BKS', name: 'Bikol Sur' },
    });
  });

  test('created units are found by their names and short codes, before the places of the code list', async () => {
    const { call } = await reorganized();
    const first = async (q: string): Promise<GeocodeCandidate> =>
      (await call('GET', `/v1/geocode?q=${encodeURIComponent(q)}`)).data[0];
    expect(await first('Bikol Sur')).toMatchObject({ name: 'Bikol Sur', level: 'Reg', parents: [] });
    expect(await first('legazpi metro')).toMatchObject({
      name: 'Legazpi Metro',
      level: 'Prov',
      parents: ['Bikol Sur'],
    });
    expect(await first('LGM')).toMatchObject({ name: 'Legazpi Metro', code: 'LGM' });
    // A part of a name is enough; an address that holds the name is not a search for it.
    expect(await first('ikol su')).toMatchObject({ name: 'Bikol Sur' });
    expect(await first('Legazpi, Bikol Sur')).not.toMatchObject({ name: 'Bikol Sur' });
    // Both created units hold "legazpi"… only the province's name does: the town of the code list comes after it.
    const legazpi: GeocodeCandidate[] = (await call('GET', '/v1/geocode?q=Legazpi&limit=3')).data;
    expect(legazpi.map((c) => c.name)).toEqual(['Legazpi Metro', 'City of Legazpi', expect.any(String)]);
  });
});
