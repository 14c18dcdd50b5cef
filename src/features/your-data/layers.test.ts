import { latest, normalizePropertyExpression, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import type { LayerSpecification } from 'maplibre-gl';
import { describe, expect, test } from 'vitest';
import { colourBy, placeFill, placeLine } from '../../map/layer-helpers.ts';
import { classFill, yourDataLayers } from './layers.ts';

/**
 * The paint properties a layer varies by feature, which MapLibre feeds its GL program per vertex: two layers of a
 * type with the same ones are drawn by the same program (its cache key), and a new set builds a new program on
 * the first draw.
 */
function perFeature(layer: LayerSpecification): string[] {
  const paint = (('paint' in layer && layer.paint) || {}) as Record<string, unknown>;
  const spec = latest as unknown as Record<string, Record<string, StylePropertySpecification>>;
  const specs = spec[`paint_${layer.type}`];
  return Object.entries(paint)
    .filter(([name, value]) => {
      const kind = normalizePropertyExpression(value as never, 'paint', specs[name]).kind;
      return kind === 'source' || kind === 'composite';
    })
    .map(([name]) => name)
    .sort();
}

describe("a user's figures' layers", () => {
  test('vary by feature what the step’s towns vary, so a province clicked builds no GL program', () => {
    const [fill, line] = yourDataLayers.layers;
    // The towns' layers as the explorer builds them (features/explorer/layers.ts), from the shared looks.
    const townsFill = placeFill('towns-fill', 'towns', colourBy(['slice', ['get', 'code'], 5, 7]), 0.7);
    const townsLine = placeLine('towns-line', 'towns', 0.8);
    // The fill as drawn: its colour by each place's class once a column is shown.
    const shown = { ...fill, paint: { ...('paint' in fill && fill.paint), 'fill-color': classFill(['#fee', '#c00']) } };
    expect(perFeature(shown as LayerSpecification)).toEqual(perFeature(townsFill));
    expect(perFeature(line)).toEqual(perFeature(townsLine));
    expect(perFeature(line)).toEqual(['line-color', 'line-width']);
  });
});
