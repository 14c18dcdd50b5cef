import { describe, expect, test } from 'vitest';
import type { Province } from '../contract/types.ts';
import { provincePsgcCodes } from './select.ts';

const province = (id: string, psgc_code: string | null): Province => ({
  id,
  name: id,
  code: id,
  region_id: '7',
  psgc_code,
  created_at: null,
});

describe("a region's provinces' PSGC codes", () => {
  test('are those of the provinces that have one, in order, leaving out created ones and other forms', () => {
    const page = {
      data: [
        province('Cebu', '0702200000'),
        province('Created', null),
        province('Bohol', '0701200000'),
        province('Odd', 'NIR-1'),
      ],
    };
    expect(provincePsgcCodes(page)).toEqual(['0702200000', '0701200000']);
  });
});
