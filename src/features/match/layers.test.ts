import { createExpression, type ExpressionSpecification, latest } from '@maplibre/maplibre-gl-style-spec';
import type { LayerSpecification, SymbolLayerSpecification } from 'maplibre-gl';
import { describe, expect, test } from 'vitest';
import { SLOT } from '../../map/layers.ts';
import { COUNT_CHARACTERS, LAYER, matchPointLayers, matchWarmupStages } from './layers.ts';

describe('the matched points’ layers', () => {
  /** The paint properties a layer reads from each feature (expressions), which choose its GL program. */
  const perFeature = (layer: LayerSpecification) =>
    Object.entries((layer as { paint?: Record<string, unknown> }).paint ?? {})
      .filter(([, value]) => Array.isArray(value))
      .map(([key]) => key)
      .sort();

  test('the warm-up’s first stage builds the match circles’ program: the same paint, read the same way, shown at no visible opacity', () => {
    // MapLibre's circle program depends on which paint properties are read from each feature (expressions) and
    // which are constant: the warm-up must match the points and the clusters there, or it builds another program
    const circles = matchPointLayers.layers.filter((l) => l.type === 'circle');
    const [warm] = matchWarmupStages[0].layers;
    expect(circles).toHaveLength(2);
    for (const layer of circles) expect(perFeature(warm)).toEqual(perFeature(layer));
    const paint = (warm as { paint: Record<string, unknown> }).paint;
    // a thousandth of a colour is under half a level of 8-bit colour: nothing on screen changes
    expect(paint['circle-opacity']).toBeLessThan(0.5 / 255);
    expect(paint['circle-stroke-opacity']).toBeLessThan(0.5 / 255);
  });

  test('the warm-up’s second stage draws the clusters’ counts’ program and every character a count is written with', () => {
    const count = matchPointLayers.layers.find((l) => l.id === LAYER.matchClusterCount) as SymbolLayerSpecification;
    const [warm] = matchWarmupStages[1].layers as SymbolLayerSpecification[];
    expect(warm.type).toBe('symbol');
    expect(perFeature(warm)).toEqual(perFeature(count));
    // the same font (glyphs are drawn per font) and size
    expect(warm.layout?.['text-font']).toEqual(count.layout?.['text-font']);
    expect(warm.layout?.['text-size']).toEqual(count.layout?.['text-size']);
    expect(warm.paint?.['text-opacity']).toBeLessThan(0.5 / 255);
    // every label MapLibre writes for a cluster of 2 to 20 million rows uses only characters the warm-up drew
    const label = createExpression(
      count.layout?.['text-field'] as ExpressionSpecification,
      {
        ...latest.layout_symbol['text-field'],
        type: 'string',
      } as never,
    );
    if (label.result !== 'success') throw new Error('the count label is not an expression');
    const written = new Set<string>();
    for (let rows = 2; rows < 20_000_000; rows = Math.ceil(rows * 1.013) + 1) {
      const text = String(label.value.evaluate({ zoom: 10 }, { type: 'Point', properties: { rows } } as never));
      for (const c of text) written.add(c);
    }
    expect([...written].sort()).toEqual([...COUNT_CHARACTERS].sort());
    expect(warm.layout?.['text-field']).toBe(COUNT_CHARACTERS);
  });

  test('the warm-up stages are drawn one at a time: each its own source on the points’ slot', () => {
    expect(matchWarmupStages).toHaveLength(2);
    for (const stage of matchWarmupStages) {
      expect(stage.beforeId).toBe(SLOT.matchPoints);
      for (const layer of stage.layers) expect((layer as { source: string }).source).toBe(stage.source);
    }
  });
});
