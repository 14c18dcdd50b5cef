import { MutationObserver, type MutationObserverOptions, QueryClient, QueryObserver } from '@tanstack/react-query';
import { beforeEach, describe, expect, test } from 'vitest';
import { provinceQueries } from '../../api/provinces.ts';
import { regionQueries } from '../../api/regions.ts';
import { serviceServer } from '../../test/service-server.ts';
import { provinceCreation, regionCreation } from './mutations.ts';

serviceServer();

let client: QueryClient;
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });
});

/** Runs a mutation as a component would, through React Query's own observer. */
const run = <T, V>(options: MutationObserverOptions<T, Error, V>, variables: V) =>
  new MutationObserver(client, options).mutate(variables);
/** Whether a query was touched: marked stale, or fetched again since `since`. */
const touched = (queryKey: readonly unknown[], since: number) => {
  const state = client.getQueryState(queryKey);
  return !!state && (state.isInvalidated || state.dataUpdatedAt > since);
};
/** A query a mounted component watches (only those are fetched again at once; others when next shown). */
async function watch(options: { queryKey: readonly unknown[] }) {
  const observer = new QueryObserver(client, options as never);
  observer.subscribe(() => {});
  await client.fetchQuery(options as never);
}

describe('creating a region', () => {
  test('refetches the region list and outlines, so the new region is listed at once', async () => {
    await watch(regionQueries.list());
    await watch(regionQueries.shapes('simple'));
    const created = await run(regionCreation(client), { name: 'Test Region One', code: 'TRO' });
    expect(created).toMatchObject({ name: 'Test Region One', code: 'TRO' });
    const list = client.getQueryData(regionQueries.list().queryKey);
    expect(list?.data.map((r) => r.name)).toContain('Test Region One');
    const shapes = client.getQueryData(regionQueries.shapes('simple').queryKey);
    const feature = shapes?.features.find((f) => f.properties.name === 'Test Region One');
    expect(feature).toBeDefined();
    expect(feature?.geometry).toBeNull();
  });

  test('leaves province and town queries alone', async () => {
    await watch(provinceQueries.byRegion('7'));
    const since = Date.now();
    await run(regionCreation(client), { name: 'Test Region Two', code: 'TRT' });
    expect(touched(provinceQueries.byRegion('7').queryKey, since)).toBe(false);
  });

  test('a refused creation changes no cached query', async () => {
    await run(regionCreation(client), { name: 'Test Region One', code: 'TRO' });
    await watch(regionQueries.list());
    const since = Date.now();
    await expect(run(regionCreation(client), { name: 'Again', code: 'TRO' })).rejects.toMatchObject({
      status: 409,
      details: { field: 'code' },
    });
    expect(touched(regionQueries.list().queryKey, since)).toBe(false);
  });
});

describe('creating a province', () => {
  test('refetches its region’s list and the list of all provinces, not other regions’ lists', async () => {
    await watch(provinceQueries.byRegion('7'));
    await watch(provinceQueries.byRegion('13'));
    await watch(provinceQueries.list());
    const since = Date.now();
    const created = await run(provinceCreation(client), { name: 'Test Province', code: 'TPV', region_id: '7' });
    expect(created).toMatchObject({ name: 'Test Province', code: 'TPV', region_id: 'region-vii' });
    expect(created.created_at).toEqual(expect.any(String));
    expect(client.getQueryData(provinceQueries.byRegion('7').queryKey)?.data.map((p) => p.name)).toContain(
      'Test Province',
    );
    expect(client.getQueryData(provinceQueries.list().queryKey)?.data.map((p) => p.code)).toContain('TPV');
    expect(touched(provinceQueries.byRegion('13').queryKey, since)).toBe(false);
  });

  test('in a region created a moment before, found under that region', async () => {
    await run(regionCreation(client), { name: 'Fresh Region', code: 'FRX' });
    const list = await client.fetchQuery(regionQueries.list());
    const fresh = list.data.find((r) => r.name === 'Fresh Region');
    expect(fresh?.id).toBeGreaterThanOrEqual(100);
    const regionId = String(fresh?.id);
    await watch(provinceQueries.byRegion(regionId));
    await run(provinceCreation(client), { name: 'Fresh Province', code: 'FRP', region_id: regionId });
    expect(client.getQueryData(provinceQueries.byRegion(regionId).queryKey)?.data).toEqual([
      expect.objectContaining({ name: 'Fresh Province', region_id: fresh?.string_id }),
    ]);
  });
});
