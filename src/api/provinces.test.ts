import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { Province } from '../contract/types.ts';
import { provinceQueries } from './provinces.ts';

const cebu: Province = { id: '7022', name: 'Cebu', code: 'CEB', region_id: '7', psgc_code: null, created_at: null };

describe('the provinces of a region', () => {
  test('are none before a region is chosen, even when every province is in the cache', () => {
    const client = new QueryClient();
    client.setQueryData(provinceQueries.list().queryKey, { data: [cebu] });
    const observer = new QueryObserver(client, provinceQueries.byRegion(undefined));
    expect(observer.getCurrentResult().data).toBeUndefined();
    expect(observer.getCurrentResult().fetchStatus).toBe('idle');
  });

  test('of a chosen region are kept apart from the list of every province', () => {
    const client = new QueryClient();
    client.setQueryData(provinceQueries.list().queryKey, { data: [cebu] });
    expect(client.getQueryData(provinceQueries.byRegion('7').queryKey)).toBeUndefined();
  });
});

describe('a province at another detail level', () => {
  const atSimple = { data: cebu, geojson: { type: 'FeatureCollection' as const, features: [] } };
  /** The query as a component holds it, its download left pending (no network in this test). */
  const detail = (id: string, level: 'simple' | 'medium') => ({
    ...provinceQueries.detail(id, level),
    queryFn: () => new Promise<never>(() => {}),
  });
  /** What a component holding Cebu at `simple` sees right after it asks for `next` instead. */
  const seenOnSwitchTo = (next: ReturnType<typeof detail>) => {
    const client = new QueryClient();
    client.setQueryData(provinceQueries.detail('7022', 'simple').queryKey, atSimple);
    const observer = new QueryObserver(client, detail('7022', 'simple'));
    const unsubscribe = observer.subscribe(() => {});
    observer.setOptions(next);
    const result = observer.getCurrentResult();
    unsubscribe();
    return result;
  };

  test('keeps showing the province as loaded at the last level until the new level arrives', () => {
    expect(seenOnSwitchTo(detail('7022', 'medium'))).toMatchObject({ data: atSimple, isPlaceholderData: true });
  });

  test('shows nothing of the last province when another is chosen', () => {
    expect(seenOnSwitchTo(detail('7023', 'medium')).data).toBeUndefined();
  });
});
