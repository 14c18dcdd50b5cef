/**
 * What every records store promises the service (src/service/store.ts), asserted on each: the memory store the
 * tests and the browser's localStorage use, PGlite (the server's default) and a real PostgreSQL server
 * (src/test/store-kinds.ts). Ids are given by the store; codes, province names within a region, and members are
 * unique in it; a record is kept across a restart. Changes to records: store-changes.contract.test.ts; what only a
 * database does: store-database.contract.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { DuplicateRecord, MemberTaken } from '../../service/store.ts';
import {
  AMLAN,
  ANTIQUE,
  AYUNGON,
  BACOLOD,
  BACONG,
  duplicateOf,
  ILOILO,
  kinds,
  memberTakenOf,
  NEGROS_OCCIDENTAL,
  openPerTest,
  province,
  region,
} from '../../test/store-kinds.ts';

describe.each(kinds)('the $name store', (kind) => {
  const open = openPerTest(kind);

  test('gives regions ids from 100 and provinces ids from 100000, and keeps every field as given', async () => {
    const { store } = await open();
    expect(await store.load()).toEqual({ version: 1, regions: [], provinces: [] });
    const first = await store.addRegion(region('AAA'));
    const second = await store.addRegion(region('BBB'));
    expect([first.numericId, second.numericId]).toEqual([100, 101]);
    const made = await store.addProvince(province('PPP', first.stringId));
    expect(made).toEqual({ ...province('PPP', first.stringId), numericId: 100000, id: '100000' });
    expect(await store.load()).toEqual({ version: 1, regions: [first, second], provinces: [made] });
  });

  test('refuses a second region or province with a code, and a province name twice in one region', async () => {
    const { store } = await open();
    await store.addRegion(region('AAA'));
    expect(await duplicateOf(store.addRegion(region('AAA', 'Another name')))).toMatchObject({
      kind: 'region',
      field: 'code',
    });
    await store.addProvince(province('P1', 'region-aaa', 'Île Verte'));
    expect(await duplicateOf(store.addProvince(province('P1', 'region-bbb')))).toMatchObject({ field: 'code' });
    // names compare folded: case, accents and width
    expect(await duplicateOf(store.addProvince(province('P2', 'region-aaa', 'ILE VERTE')))).toMatchObject({
      kind: 'province',
      field: 'name',
    });
    // the same name in another region is another province; names in other scripts are not all one name
    await store.addProvince(province('P3', 'region-bbb', 'Île Verte'));
    await store.addProvince(province('P4', 'region-aaa', '東京'));
    await store.addProvince(province('P5', 'region-aaa', '大阪'));
    const { provinces } = await store.load();
    expect(provinces.map((p) => p.code)).toEqual(['P1', 'P3', 'P4', 'P5']);
  });

  test('keeps what it stored across a restart, and numbers on after it', async () => {
    const { store, restart } = await open();
    const kept = await store.addRegion(region('KEEP'));
    const restarted = await restart();
    expect((await restarted.load()).regions).toEqual([kept]);
    expect((await restarted.addRegion(region('NEXT'))).numericId).toBe(kept.numericId + 1);
  });

  test('of many adds of one code at once, one is stored and the rest are refused', async () => {
    const { store, second } = await open();
    const stores = [store, await second()];
    const answers = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => stores[i % 2].addRegion(region('SAME', `Same ${i}`))),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    for (const a of answers.filter((a) => a.status === 'rejected')) {
      expect((a as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateRecord);
    }
    expect((await stores[1].load()).regions.map((r) => r.code)).toEqual(['SAME']);
  });

  test('keeps members in the order given, across a restart', async () => {
    const { store, restart } = await open();
    const made = await store.addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] });
    expect(made.members).toEqual([NEGROS_OCCIDENTAL, BACOLOD]);
    // not in code order: kept as given, not sorted
    const unsorted = await store.addRegion({ ...region('WV'), members: [ILOILO, ANTIQUE] });
    const cebu = await store.addProvince({ ...province('CEB', made.stringId), members: [AMLAN] });
    const towns = await store.addProvince({ ...province('SUG', made.stringId), members: [BACONG, AYUNGON] });
    const empty = await store.addRegion(region('NONE'));
    const expected = { version: 1, regions: [made, unsorted, empty], provinces: [cebu, towns] };
    const loaded = await store.load();
    expect(loaded).toEqual(expected);
    expect(loaded.regions.map((r) => r.members)).toEqual([[NEGROS_OCCIDENTAL, BACOLOD], [ILOILO, ANTIQUE], undefined]);
    expect(loaded.provinces.map((p) => p.members)).toEqual([[AMLAN], [BACONG, AYUNGON]]);
    const restarted = await (await restart()).load();
    expect(restarted).toEqual(expected);
    expect(restarted.regions[0].members).toEqual([NEGROS_OCCIDENTAL, BACOLOD]);
    expect(restarted.provinces[0].members).toEqual([AMLAN]);
  });

  test('refuses members another unit of the same kind holds, naming just those, and stores nothing of it', async () => {
    const { store } = await open();
    await store.addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] });
    await store.addProvince({ ...province('CEB', 'region-nir'), members: [AMLAN, AYUNGON] });
    const before = await store.load();

    const region2 = { ...region('WV'), members: [ILOILO, BACOLOD, NEGROS_OCCIDENTAL] };
    expect(await memberTakenOf(store.addRegion(region2))).toMatchObject({
      kind: 'region',
      codes: [BACOLOD, NEGROS_OCCIDENTAL],
    });
    const province2 = { ...province('SUG', 'region-nir'), members: [BACONG, AMLAN] };
    expect(await memberTakenOf(store.addProvince(province2))).toMatchObject({ kind: 'province', codes: [AMLAN] });
    expect(await store.load()).toEqual(before);

    // nothing of the refused ones was kept: their codes and free members are free still
    const wv = await store.addRegion({ ...region('WV'), members: [ILOILO] });
    const sug = await store.addProvince({ ...province('SUG', 'region-nir'), members: [BACONG] });
    // a region and a province are different kinds: the same code in one of each is no clash
    const both = await store.addProvince({ ...province('BOTH', 'region-wv'), members: [NEGROS_OCCIDENTAL] });
    const other = await store.addRegion({ ...region('OTHER'), members: [AYUNGON] });
    expect(await store.load()).toEqual({
      version: 1,
      regions: [...before.regions, wv, other],
      provinces: [...before.provinces, sug, both],
    });
  });

  test('of two adds of one member at once, one is stored and the other is refused', async () => {
    const { store, second } = await open();
    const stores = [store, await second()];
    const regions = await Promise.allSettled([
      stores[0].addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] }),
      stores[1].addRegion({ ...region('WV'), members: [ILOILO, BACOLOD] }),
    ]);
    const provinces = await Promise.allSettled([
      stores[1].addProvince({ ...province('CEB', 'region-nir'), members: [AMLAN] }),
      stores[0].addProvince({ ...province('SUG', 'region-nir'), members: [AMLAN, BACONG] }),
    ]);
    for (const [answers, kind] of [
      [regions, 'region'],
      [provinces, 'province'],
    ] as const) {
      const kept = answers.filter((a) => a.status === 'fulfilled');
      const refused = answers.filter((a) => a.status === 'rejected');
      expect(kept).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0].reason).toBeInstanceOf(MemberTaken);
      expect(refused[0].reason).toMatchObject({ kind, codes: [kind === 'region' ? BACOLOD : AMLAN] });
    }
    const loaded = await stores[1].load();
    expect(loaded.regions).toEqual(regions.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : [])));
    expect(loaded.provinces).toEqual(provinces.flatMap((a) => (a.status === 'fulfilled' ? [a.value] : [])));
  });
});
