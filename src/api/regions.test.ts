import { describe, expect, test } from 'vitest';
import type { RegionNumeric, RegionString } from '../contract/types.ts';
import { indexRegions } from './regions.ts';

const numeric = (id: number, string_id: string, name: string) =>
  ({ id, string_id, name, code: '', short_code: '', created_at: null }) as RegionNumeric;

describe('the region list, indexed', () => {
  test('finds a region by its numeric id and by the string id provinces refer to', () => {
    const { list, byId } = indexRegions({ data: [numeric(7, 'VII', 'Region VII'), numeric(13, 'NCR', 'NCR')] });
    expect(list.map((r) => r.name)).toEqual(['Region VII', 'NCR']);
    expect(byId.get('7')?.name).toBe('Region VII');
    expect(byId.get('NCR')?.name).toBe('NCR');
    expect(byId.get('8')).toBeUndefined();
  });

  test('finds a region of the string-id shape by its id', () => {
    const created = { id: 'TRO', name: 'Test Region One', code: 'TRO' } as RegionString;
    expect(indexRegions({ data: [created] }).byId.get('TRO')).toBe(created);
  });

  test('keeps the first region listed where two answer to one id', () => {
    const { byId } = indexRegions({ data: [numeric(1, '2', 'First'), numeric(2, 'X', 'Second')] });
    expect(byId.get('2')?.name).toBe('First');
  });
});
