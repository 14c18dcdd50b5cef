import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { TownCollection } from '../../api/provinces.ts';
import type { Province } from '../../contract/types.ts';
import { combineRegionTowns } from './region-towns.ts';

type Detail = { data: Province; geojson: TownCollection };

const province = (id: string, name: string, towns: string[]) =>
  ({
    data: {
      data: { id, name, region_id: '7', code: name.slice(0, 3).toUpperCase(), psgc_code: null, created_at: null },
      geojson: {
        type: 'FeatureCollection',
        features: towns.map((code, i) => ({
          type: 'Feature',
          geometry: null,
          properties: { code, name: code, level: 'Mun', id: i, type: 'Municipal', independent: false },
        })),
      },
    },
  }) as UseQueryResult<Detail>;
const pending = { data: undefined } as UseQueryResult<Detail>;

describe('the towns of a region, for the map', () => {
  test('are one collection, each town tagged with its province and the province’s place as its colour', () => {
    const towns = combineRegionTowns([province('7012', 'Bohol', ['0701201000']), province('7022', 'Cebu', ['a', 'b'])]);
    expect(towns?.features.map((f) => [f.properties.code, f.properties.provinceName, f.properties.colour])).toEqual([
      ['0701201000', 'Bohol', 0],
      ['a', 'Cebu', 1],
      ['b', 'Cebu', 1],
    ]);
    expect(towns?.features[0].properties.province).toBe('7012');
  });

  test('wait for every province, so the map never draws a region with provinces missing', () => {
    expect(combineRegionTowns([province('7012', 'Bohol', ['x']), pending])).toBeUndefined();
  });

  test('of a region without provinces are an empty collection', () => {
    expect(combineRegionTowns([])).toEqual({ type: 'FeatureCollection', features: [] });
  });
});
