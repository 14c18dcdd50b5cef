import type { StyleSpecification } from 'maplibre-gl';
import { describe, expect, test } from 'vitest';
import { SLOT, withSlots } from './layers.ts';

describe('the map’s slots', () => {
  test('go on top of any style’s own layers, before the slots', () => {
    const remote = { version: 8, sources: {}, layers: [{ id: 'water', type: 'background' }] } as StyleSpecification;
    expect(withSlots(undefined, remote).layers.map((l) => l.id)).toEqual(['water', ...Object.values(SLOT)]);
  });
});
