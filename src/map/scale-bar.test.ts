import { describe, expect, test } from 'vitest';
import { metresPerPixel, scaleBar } from './scale-bar.ts';

describe('the scale bar of a saved picture', () => {
  test('a pixel spans 156 km at zoom 0 on the equator, half that a zoom in, less away from it', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(78_271.5, 0);
    expect(metresPerPixel(0, 1)).toBeCloseTo(39_135.8, 0);
    // Manila, 14.6° N: cos(14.6°) ≈ 0.9677
    expect(metresPerPixel(14.6, 10) / metresPerPixel(0, 10)).toBeCloseTo(0.9677, 3);
  });

  test('takes the longest 1, 2 or 5 times a power of ten that fits, and says it in km or m', () => {
    expect(scaleBar(1000, 120)).toEqual({ pixels: 100, label: '100 km' });
    expect(scaleBar(1000, 99)).toEqual({ pixels: 50, label: '50 km' });
    expect(scaleBar(10, 30)).toEqual({ pixels: 20, label: '200 m' });
    const bar = scaleBar(3, 120);
    expect(bar.label).toBe('200 m');
    expect(bar.pixels).toBeCloseTo(66.67, 2);
  });
});
