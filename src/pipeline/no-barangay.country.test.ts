/**
 * Checks the land no barangay covers in every built vintage (run `npm run data:ensure:all` first; `npm test`
 * does): the hole the source boundaries leave between Ilocos Norte and Apayao is land at every detail, no piece of such land overlaps
 * a province-level area, and the build report classes every hole that stays open.
 */
import fs from 'node:fs';
import path from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { FeatureCollection, Polygon } from 'geojson';
import { describe, expect, test } from 'vitest';
import { DETAILS, dataPaths, NO_BARANGAY_LABEL, type NoBarangayProps } from '../dataset/types.ts';
import { allBuilds, sourceDirOf } from './config.ts';
import type { Shape } from './geometry.ts';
import { labelPoint } from './label-point.ts';
import type { OpenHolesReport } from './no-barangay.ts';

const builds = allBuilds(sourceDirOf());
// In the hole between Ilocos Norte and Apayao, south of Adams (which the source draws as one triangle inside it).
const ILOCOS_NORTE_APAYAO: [number, number] = [120.925, 18.4];

describe.each(builds)('the $vintage build', ({ outDir }) => {
  const read = <T>(file: string) => JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8')) as T;

  test.each(DETAILS)(
    'at %s, the hole between Ilocos Norte and Apayao is land, named with the towns around it',
    (detail) => {
      const land = read<FeatureCollection<Polygon, NoBarangayProps>>(dataPaths.noBarangay(detail));
      const here = land.features.filter((f) => booleanPointInPolygon(ILOCOS_NORTE_APAYAO, f));
      expect(here).toHaveLength(1);
      const [piece] = here;
      expect(piece.properties.name).toBe(NO_BARANGAY_LABEL);
      expect(piece.properties.level).toBe('no-barangay');
      expect(piece.properties.around).toMatch(/\(Ilocos Norte\)/);
      expect(piece.properties.around).toMatch(/\(Apayao\)/);
      expect(piece.properties.regions).toEqual(expect.arrayContaining(['0100000000', '1400000000']));
    },
  );

  test.each(DETAILS)('at %s, no piece of that land lies inside a province, and each has towns around it', (detail) => {
    const land = read<FeatureCollection<Polygon, NoBarangayProps>>(dataPaths.noBarangay(detail));
    // The province-level areas (the country overview, regions at simple, is generalized apart from them).
    const folder = path.dirname(dataPaths.provinces(detail, 'x'));
    const areas = fs
      .readdirSync(path.join(outDir, folder))
      .flatMap((file) => read<FeatureCollection<Shape>>(path.join(folder, file)).features);
    expect(land.features.length).toBeGreaterThan(0);
    for (const piece of land.features) {
      // A point well inside the piece (its pole of inaccessibility), away from the borders it shares.
      const point = labelPoint(piece.geometry);
      expect(booleanPointInPolygon(point, piece), piece.properties.code).toBe(true);
      expect(
        areas.filter((a) => booleanPointInPolygon(point, a)).map((a) => a.properties?.code),
        piece.properties.code,
      ).toEqual([]);
      expect(piece.properties.municities.length, piece.properties.code).toBeGreaterThan(0);
    }
  });

  test('the report classes every hole that stays open at detailed, the great lakes as water', () => {
    const { openHoles } = read<{ openHoles: OpenHolesReport }>(dataPaths.report);
    const { detailed } = openHoles.counts;
    expect(openHoles.holes).toHaveLength(detailed.water + detailed.noBarangay);
    const water = openHoles.holes.filter((h) => h.class === 'water').map((h) => h.name);
    expect(water).toEqual(expect.arrayContaining(['Laguna de Bay', 'Taal Lake', 'Lake Lanao', 'Lake Mainit']));
    for (const hole of openHoles.holes.filter((h) => h.class === 'no-barangay')) {
      expect(hole.around, hole.id).not.toBe('');
    }
  });
});
