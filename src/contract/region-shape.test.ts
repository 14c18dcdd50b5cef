import { describe, expect, test } from 'vitest';
import { regionPsgcCode, regionShortCode, regionStringId } from './region-shape.ts';
import type { RegionNumeric, RegionString } from './types.ts';

const ncrNumeric: RegionNumeric = {
  id: 13,
  name: 'National Capital Region (NCR)',
  code: '1300000000',
  short_code: 'NCR',
  string_id: 'region-ncr',
  created_at: null,
};
const ncrString: RegionString = { id: 'region-ncr', name: ncrNumeric.name, code: 'NCR', psgc_code: '1300000000' };
const createdNumeric: RegionNumeric = {
  id: 19001,
  name: 'Test Region One',
  code: 'TRO',
  short_code: 'TRO',
  string_id: 'TRO',
  created_at: '2025-01-01T00:00:00Z',
};
const createdString: RegionString = { id: 'TRO', name: 'Test Region One', code: 'TRO', psgc_code: null };
// The live service's documented region (src/api/fixtures/live/regions-list.json): no short code, no string id.
const live = { id: 1, name: 'Ilocos Region', code: '0100000000' } as RegionNumeric;

describe('a region in either shape', () => {
  test('gives its short code, and where a server gives none, its code', () => {
    expect(regionShortCode(ncrNumeric)).toBe('NCR');
    expect(regionShortCode(ncrString)).toBe('NCR');
    expect(regionShortCode(createdNumeric)).toBe('TRO');
    expect(regionShortCode(live)).toBe('0100000000');
  });

  test('gives its PSGC code, and none for a created region in either shape', () => {
    expect(regionPsgcCode(ncrNumeric)).toBe('1300000000');
    expect(regionPsgcCode(ncrString)).toBe('1300000000');
    expect(regionPsgcCode(live)).toBe('0100000000');
    expect(regionPsgcCode(createdNumeric)).toBeNull();
    expect(regionPsgcCode(createdString)).toBeNull();
    expect(regionPsgcCode({ id: 'TRO', name: 'Test Region One', code: 'TRO' })).toBeNull();
  });

  test('gives the string id provinces refer to, and none where a server gives none', () => {
    expect(regionStringId(ncrNumeric)).toBe('region-ncr');
    expect(regionStringId(ncrString)).toBe('region-ncr');
    expect(regionStringId(createdNumeric)).toBe('TRO');
    expect(regionStringId(live)).toBeUndefined();
  });
});
