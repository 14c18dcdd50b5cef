/**
 * The split barangays of every built vintage (run `npm run data:ensure:all` first; `npm test` does): each old
 * barangay is gone from the list built, its parts are in it under its town with no polygon of their own, and its
 * territory is the one the boundaries' own build draws for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { FeatureCollection } from 'geojson';
import { describe, expect, test } from 'vitest';
import { dataPaths, type FeatureProps, type SplitBarangay, type Unit } from '../dataset/types.ts';
import { allBuilds, BOUNDARY_VINTAGE, sourceDirOf } from './config.ts';
import type { Shape } from './geometry.ts';
import { municityFinder } from './hierarchy.ts';

const builds = allBuilds(sourceDirOf());
const boundaryBuild = builds.find((b) => b.vintage === BOUNDARY_VINTAGE);
const read = <T>(outDir: string, file: string) => JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8')) as T;

describe.each(builds)('the $vintage build', ({ vintage, outDir }) => {
  const splits = read<SplitBarangay[]>(outDir, dataPaths.splits);
  const units = read<Unit[]>(outDir, dataPaths.units);
  const byCode = new Map(units.map((u) => [u.code, u]));
  const townOf = municityFinder(byCode);

  test('lists the barangays split since an older list: none in the boundaries’ own, Caloocan’s 176 after', () => {
    if (vintage === BOUNDARY_VINTAGE) expect(splits).toEqual([]);
    else expect(splits.map((s) => `${s.name} (${s.townName})`)).toContain('Barangay 176 (City of Caloocan)');
  });

  test('each old barangay is gone; its parts are its town’s barangays, named for it, with no polygon', () => {
    for (const split of splits) {
      expect(byCode.has(split.code)).toBe(false);
      expect(split.parts.length).toBeGreaterThanOrEqual(2);
      const drawn = read<FeatureCollection<Shape, FeatureProps>>(outDir, dataPaths.barangays('medium', split.town));
      const codes = new Set(drawn.features.map((f) => f.properties.code));
      for (const part of split.parts) {
        expect(byCode.get(part.code)).toMatchObject({ name: part.name, level: 'Bgy' });
        expect(townOf(part.code)).toBe(split.town);
        expect(part.name.startsWith(`${split.name}-`) || byCode.get(part.code)?.oldNames.includes(split.name)).toBe(
          true,
        );
        expect(codes.has(part.code)).toBe(false);
      }
    }
  });

  test.runIf(boundaryBuild)('each territory is the old barangay’s polygon, with its point inside', () => {
    for (const split of splits) {
      const old = read<FeatureCollection<Shape, FeatureProps>>(
        boundaryBuild!.outDir,
        dataPaths.barangays('medium', split.town),
      ).features.find((f) => f.properties.code === split.code);
      expect(split.geometry).toEqual(old?.geometry);
      expect(booleanPointInPolygon(split.point!, split.geometry!)).toBe(true);
    }
  });

  test('the build report lists the splits found from each older list', () => {
    const report = read<{ splits: { from: string; to: string; splits: string[] }[] }>(outDir, dataPaths.report);
    for (const pair of report.splits) {
      expect(pair.to).toBe(vintage);
      for (const line of pair.splits) expect(splits.some((s) => line.startsWith(`${s.code} ${s.name}`))).toBe(true);
    }
  });
});
