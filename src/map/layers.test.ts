import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { describe, expect, test } from 'vitest';
import {
  barangayLayers,
  batchLayers,
  matchPointLayers,
  matchWarmupLayers,
  regionLayers,
  regionTownLayers,
  SLOT,
  type SourceLayers,
  townLayers,
  withSlots,
} from './layers.ts';
import { offlineStyle } from './style.ts';

const groups = [regionLayers, batchLayers, regionTownLayers, townLayers, barangayLayers];

/** The ids of a style's layers after adding groups in the given order, as map.addLayer(layer, beforeId) does. */
function drawOrder(mounted: SourceLayers[]) {
  const ids = withSlots(undefined, offlineStyle).layers.map((l) => l.id);
  for (const { layers, beforeId } of mounted) {
    for (const layer of layers) ids.splice(ids.indexOf(beforeId), 0, layer.id);
  }
  return ids.filter((id) => !id.startsWith('slot-'));
}

describe('the map’s layers', () => {
  test('draw in one order, whichever mounts first', () => {
    const expected = [
      'sea',
      'regions-fill',
      'regions-line',
      'batch-fill',
      'batch-line',
      'region-towns-fill',
      'region-towns-line',
      'towns-fill',
      'towns-line',
      'barangays-fill',
      'barangays-line',
      'barangays-label',
    ];
    expect(drawOrder(groups)).toEqual(expected);
    expect(drawOrder([...groups].reverse())).toEqual(expected);
    expect(drawOrder([townLayers, regionLayers, barangayLayers, batchLayers, regionTownLayers])).toEqual(expected);
  });

  test('go on top of any style’s own layers, before the slots', () => {
    const remote = { version: 8, sources: {}, layers: [{ id: 'water', type: 'background' }] } as StyleSpecification;
    expect(withSlots(undefined, remote).layers.map((l) => l.id)).toEqual(['water', ...Object.values(SLOT)]);
  });

  test('each read the source of their group, with ids used once', () => {
    for (const { source, layers } of groups) {
      for (const layer of layers) expect((layer as LayerSpecification & { source: string }).source).toBe(source);
    }
    const ids = groups.flatMap((g) => g.layers.map((l) => l.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('the warm-up point builds the match circles’ program: the same paint, read the same way, shown at no visible opacity', () => {
    // MapLibre's circle program depends on which paint properties are read from each feature (expressions) and
    // which are constant: the warm-up must match the points and the clusters there, or it builds another program
    const circles = matchPointLayers.layers.filter((l) => l.type === 'circle');
    const [warm] = matchWarmupLayers.layers;
    const perFeature = (layer: LayerSpecification) =>
      Object.entries((layer as { paint?: Record<string, unknown> }).paint ?? {})
        .filter(([, value]) => Array.isArray(value))
        .map(([key]) => key)
        .sort();
    expect(circles).toHaveLength(2);
    for (const layer of circles) expect(perFeature(warm)).toEqual(perFeature(layer));
    const paint = (warm as { paint: Record<string, unknown> }).paint;
    // a thousandth of a colour is under half a level of 8-bit colour: nothing on screen changes
    expect(paint['circle-opacity']).toBeLessThan(0.5 / 255);
    expect(paint['circle-stroke-opacity']).toBeLessThan(0.5 / 255);
  });
});
