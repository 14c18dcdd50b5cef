/**
 * Land areas computed from the built detailed polygons (run `npm run data` first), against published land areas.
 * Sources: the PSA land areas quoted in each unit's Wikipedia infobox (en.wikipedia.org, 2025): City of Manila
 * 42.88 km², City of Baguio 57.51 km², Camiguin 237.95 km², Guimaras 611.87 km², Marinduque 952.58 km².
 * Not every unit agrees this well: published figures are legal areas, and some boundaries are disputed (Makati's
 * polygon leaves out the EMBO barangays awarded to Taguig); the units here are ones with settled borders.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FeatureCollection } from 'geojson';
import { describe, expect, test } from 'vitest';
import { dataPaths, type FeatureProps } from '../dataset/types.ts';
import type { Shape } from './geometry.ts';
import { densityPerKm2, landAreaKm2 } from './land-area.ts';

const dataDir = process.env.KAPULUAN_DATA_DIR ?? 'public/data';
const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(dataDir, file), 'utf8')) as FeatureCollection<Shape, FeatureProps>;
const shapeOf = (file: string, code: string) => {
  const feature = read(file).features.find((f) => f.properties.code === code);
  if (!feature) throw new Error(`${code} is not in ${file}`);
  return feature.geometry;
};

describe('land area, computed geodesically from the detailed polygons, against the published one', () => {
  test.each([
    ['City of Manila', dataPaths.municities('detailed', '1380600000'), '1380600000', 42.88],
    ['City of Baguio', dataPaths.municities('detailed', '1430300000'), '1430300000', 57.51],
    ['Camiguin', dataPaths.provinces('detailed', '1000000000'), '1001800000', 237.95],
    ['Guimaras', dataPaths.provinces('detailed', '0600000000'), '0607900000', 611.87],
    ['Marinduque', dataPaths.provinces('detailed', '1700000000'), '1704000000', 952.58],
  ])('%s is within 5% of its published land area', (_name, file, code, published) => {
    const computed = landAreaKm2(shapeOf(file, code));
    expect(Math.abs(computed - published) / published).toBeLessThan(0.05);
  });

  test('a hole is land that is not the unit’s', () => {
    // One degree square at the equator (12,364 km² on the sphere) with a quarter-degree square hole.
    const square = (x: number, y: number, s: number) => [
      [x, y],
      [x + s, y],
      [x + s, y + s],
      [x, y + s],
      [x, y],
    ];
    const whole = landAreaKm2({ type: 'Polygon', coordinates: [square(0, 0, 1)] });
    const holed = landAreaKm2({ type: 'Polygon', coordinates: [square(0, 0, 1), square(0.25, 0.25, 0.25)] });
    expect(whole).toBeGreaterThan(12_300);
    expect(whole).toBeLessThan(12_400);
    expect(holed / whole).toBeCloseTo(1 - 1 / 16, 3);
  });
});

describe('density', () => {
  test('is persons per km², to one decimal', () => {
    expect(densityPerKm2(1_846_513, 42.88)).toBe(43_062.3);
  });
  test('is unknown without a population or an area', () => {
    expect(densityPerKm2(null, 42.88)).toBeNull();
    expect(densityPerKm2(1000, null)).toBeNull();
    expect(densityPerKm2(1000, 0)).toBeNull();
  });
});
