/**
 * How every records store changes what it holds (src/test/store-kinds.ts says which stores): removing, renaming,
 * recoding and restoring units, each change recorded with its actor and the record before and after.
 */
import { describe, expect, test } from 'vitest';
import { MemberTaken } from '../../service/store.ts';
import {
  AMLAN,
  AYUNGON,
  BACOLOD,
  duplicateOf,
  ILOILO,
  kinds,
  NEGROS_OCCIDENTAL,
  openPerTest,
  province,
  region,
} from '../../test/store-kinds.ts';

describe.each(kinds)('the $name store', (kind) => {
  const open = openPerTest(kind);

  test('removes a region or a province with its members, and answers false for an unknown id', async () => {
    const { store, restart } = await open();
    const nir = await store.addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] });
    const kept = await store.addRegion({ ...region('KEEP'), members: [ILOILO] });
    const cebu = await store.addProvince({ ...province('CEB', nir.stringId), members: [AMLAN] });
    const sug = await store.addProvince({ ...province('SUG', nir.stringId), members: [AYUNGON] });
    expect(await store.removeRegion(nir.numericId)).toBe(true);
    expect(await store.removeProvince(cebu.numericId)).toBe(true);
    expect(await store.load()).toEqual({ version: 1, regions: [kept], provinces: [sug] });
    expect(await store.removeRegion(nir.numericId)).toBe(false);
    expect(await store.removeProvince(cebu.numericId)).toBe(false);
    expect(await store.removeRegion(99_999)).toBe(false);
    expect(await store.removeProvince(nir.numericId)).toBe(false);
    // their members are free again: a new region and province may take them
    const again = await store.addRegion({ ...region('NIR2'), members: [BACOLOD, NEGROS_OCCIDENTAL] });
    const cebu2 = await store.addProvince({ ...province('CEB2', again.stringId), members: [AMLAN] });
    const restarted = await restart();
    expect(await restarted.load()).toEqual({ version: 1, regions: [kept, again], provinces: [sug, cebu2] });
  });

  test('renames and recodes a region, moving its provinces to its new string id', async () => {
    const { store } = await open();
    const nir = await store.addRegion({ ...region('NIR'), members: [NEGROS_OCCIDENTAL, BACOLOD] });
    const wv = await store.addRegion(region('WV'));
    const inNir = await store.addProvince(province('CEB', nir.stringId));
    const inWv = await store.addProvince(province('ILO', wv.stringId));

    const change = { name: 'Negros Island Region', code: 'NEG', stringId: 'region-neg' };
    const changed = await store.updateRegion(nir.numericId, change);
    expect(changed).toEqual({ ...nir, ...change });
    expect(await store.load()).toEqual({
      version: 1,
      regions: [changed, wv],
      provinces: [{ ...inNir, regionId: 'region-neg' }, inWv],
    });

    // another region's code: refused, and nothing changes (not the name, not the provinces)
    const before = await store.load();
    const clash = { name: 'Clash', code: 'WV', stringId: 'region-wv' };
    expect(await duplicateOf(store.updateRegion(nir.numericId, clash))).toMatchObject({
      kind: 'region',
      field: 'code',
    });
    expect(await store.load()).toEqual(before);
    // its own code is no clash
    const renamed = await store.updateRegion(nir.numericId, { ...change, name: 'Renamed' });
    expect(renamed).toEqual({ ...nir, ...change, name: 'Renamed' });
    expect(await store.updateRegion(99_999, change)).toBeNull();
  });

  test('renames and recodes a province, keeping names unique within its region', async () => {
    const { store } = await open();
    const nir = await store.addRegion(region('NIR'));
    const cebu = await store.addProvince({ ...province('CEB', nir.stringId, 'Cebu'), members: [AMLAN] });
    const bohol = await store.addProvince(province('BOH', nir.stringId, 'Bohol'));
    const elsewhere = await store.addProvince(province('SIQ', 'region-vii', 'Siquijor'));

    const changed = await store.updateProvince(cebu.numericId, { name: 'Sugbo', code: 'SUG' });
    expect(changed).toEqual({ ...cebu, name: 'Sugbo', code: 'SUG' });
    expect((await store.load()).provinces).toEqual([changed, bohol, elsewhere]);

    // another province's name in the same region (compared folded), or another province's code: refused, unchanged
    const before = await store.load();
    expect(await duplicateOf(store.updateProvince(cebu.numericId, { name: 'BOHOL', code: 'NEW' }))).toMatchObject({
      kind: 'province',
      field: 'name',
    });
    expect(await duplicateOf(store.updateProvince(cebu.numericId, { name: 'Sugbo', code: 'SIQ' }))).toMatchObject({
      kind: 'province',
      field: 'code',
    });
    expect(await store.load()).toEqual(before);
    // a name a province of another region has, and its own name in other letters, are free
    expect(await store.updateProvince(cebu.numericId, { name: 'Siquijor', code: 'SUG' })).toMatchObject({
      name: 'Siquijor',
    });
    expect(await store.updateProvince(cebu.numericId, { name: 'SIQUIJOR', code: 'SUG' })).toMatchObject({
      name: 'SIQUIJOR',
      members: [AMLAN],
    });
    expect(await store.updateProvince(99_999, { name: 'Nowhere', code: 'NOW' })).toBeNull();
  });

  test('records every change with its actor and the record before and after; a refused change records nothing', async () => {
    const { store, restart } = await open();
    const ana = { id: 'key-ana', name: 'Ana' };
    const ben = { id: 'key-ben', name: 'Ben' };
    const made = await store.addRegion(region('AUD'), ana);
    await duplicateOf(store.addRegion(region('AUD'), ben));
    const renamed = await store.updateRegion(
      made.numericId,
      { name: 'Audited', code: 'AUD', stringId: made.stringId },
      ben,
    );
    const recoded = await store.updateRegion(
      made.numericId,
      { name: 'Audited', code: 'AUE', stringId: 'region-aue' },
      ana,
    );
    const lent = await store.addRegion({ ...region('MEM'), members: [AMLAN] }, ben);
    expect(await store.removeRegion(lent.numericId, ana)).toBe(true);
    const reopened = await restart();
    const { entries, total } = await reopened.audit({ offset: 0, limit: 10 });
    expect(total).toBe(5);
    expect(
      entries.map((e) => [e.action, e.actor.name, e.unitCode, e.before?.code ?? null, e.after?.code ?? null]),
    ).toEqual([
      ['delete', 'Ana', 'MEM', 'MEM', null],
      ['reorganize', 'Ben', 'MEM', null, 'MEM'],
      ['recode', 'Ana', 'AUE', 'AUD', 'AUE'],
      ['rename', 'Ben', 'AUD', 'AUD', 'AUD'],
      ['create', 'Ana', 'AUD', null, 'AUD'],
    ]);
    expect(entries[0].before).toEqual(lent);
    expect(entries[2].after).toEqual(recoded);
    expect(entries[3]).toMatchObject({ before: { name: made.name }, after: renamed });
    for (const e of entries) expect(e.actor).toEqual(e.actor.name === 'Ana' ? ana : ben);
    expect((await reopened.audit({ keyId: 'key-ben', offset: 0, limit: 10 })).total).toBe(2);
    const second = await reopened.audit({ unitId: made.numericId, kind: 'region', offset: 1, limit: 1 });
    expect(second.entries.map((e) => e.action)).toEqual(['rename']);
  });

  test('restores a deleted unit under its own id, and never gives a deleted id to a new unit', async () => {
    const { store } = await open();
    const first = await store.addRegion(region('AAA'));
    const gone = await store.addRegion({ ...region('GON'), members: [AMLAN] });
    await store.removeRegion(gone.numericId);
    const next = await store.addRegion(region('NXT'));
    expect(next.numericId).toBeGreaterThan(gone.numericId);
    expect(await store.restoreRegion(gone)).toEqual(gone);
    expect((await store.load()).regions).toEqual(expect.arrayContaining([first, gone, next]));
    // Its members are its own again: a second unit cannot take them.
    await expect(store.addRegion({ ...region('TWO'), members: [AMLAN] })).rejects.toBeInstanceOf(MemberTaken);
    const [restore] = (await store.audit({ action: 'restore', offset: 0, limit: 1 })).entries;
    expect(restore).toMatchObject({ action: 'restore', unitId: gone.numericId, before: null, after: gone });
  });
});
