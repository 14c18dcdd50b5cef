import type { LayerSpecification } from 'maplibre-gl';
import { describe, expect, test } from 'vitest';
import { type SourceLayers, withSlots } from '../../map/layers.ts';
import { offlineStyle } from '../../map/style.ts';
import { barangayLayers, batchLayers, regionLayers, regionTownLayers, townLayers } from './layers.ts';

const groups = [regionLayers, batchLayers, regionTownLayers, townLayers, barangayLayers];

/** The ids of a style's layers after adding groups in the given order, as map.addLayer(layer, beforeId) does. */
function drawOrder(mounted: SourceLayers[]) {
  const ids = withSlots(undefined, offlineStyle).layers.map((l) => l.id);
  for (const { layers, beforeId } of mounted) {
    for (const layer of layers) ids.splice(ids.indexOf(beforeId), 0, layer.id);
  }
  return ids.filter((id) => !id.startsWith('slot-'));
}

describe('the explorer’s layers', () => {
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

  test('each read the source of their group, with ids used once', () => {
    for (const { source, layers } of groups) {
      for (const layer of layers) expect((layer as LayerSpecification & { source: string }).source).toBe(source);
    }
    const ids = groups.flatMap((g) => g.layers.map((l) => l.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
