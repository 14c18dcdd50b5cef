/**
 * The polygons of every built vintage (built-data.country.test.ts says which and how they are read): none empty or
 * broken, each level's the sum of the one below, and the gaps the source files leave between barangays filled.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { FeatureCollection, Position } from 'geojson';
import polylabel from 'polylabel';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DETAILS, type Detail, dataPaths, type Hierarchy, type Manifest, type Unit } from '../dataset/types.ts';
import { buildReader, builds, type Collection, EXPECTED, type Layer } from './built-data.test-helpers.ts';
import { polygonsOf, ringWidth } from './gap-holes.ts';
import { OVERVIEW_SETTINGS, type Shape } from './geometry.ts';
import { ringArea2 } from './round.ts';
import { shapeArea } from './validate.ts';

describe.each(builds)('the $vintage build', ({ vintage, outDir }) => {
  const build = buildReader(outDir);
  const read = build.read;
  const expected = EXPECTED[vintage];

  let manifest: Manifest;
  let units: Unit[];
  let byCode: Map<string, Unit>;
  let hierarchy: Hierarchy;
  let features = {} as Record<Detail, Record<Layer, Collection[]>>;

  beforeAll(() => {
    ({ manifest, units, byCode, hierarchy } = build.lists());
    features = build.features();
  });
  // Each build's polygons take hundreds of megabytes: let them go before the next build's are read.
  afterAll(() => {
    features = {} as typeof features;
  });
  const named = (name: string, level: Unit['level']) => units.find((u) => u.name === name && u.level === level)!;

  describe('the polygons', () => {
    const all = (detail: Detail, level: Layer) => features[detail][level].flatMap((c) => c.features);

    test.each(DETAILS)('at %s, every unit that has barangay polygons has a polygon at every level', (detail) => {
      const withoutGeometry = new Set(manifest.withoutGeometry.map((u) => u.code));
      const count = (test: (u: Unit) => boolean) => units.filter((u) => test(u) && !withoutGeometry.has(u.code)).length;
      expect(all(detail, 'regions')).toHaveLength(count((u) => u.level === 'Reg'));
      expect(all(detail, 'municities')).toHaveLength(count((u) => ['City', 'Mun', 'SGU'].includes(u.level)));
      expect(all(detail, 'barangays')).toHaveLength(count((u) => u.level === 'Bgy'));
      expect(all(detail, 'provinces').length).toBe(manifest.polygons.provinces);
    });

    test('leaves only the expected barangays without a polygon, and names them', () => {
      expect(manifest.withoutGeometry.map((u) => u.code).sort()).toEqual(expected.withoutBoundary);
      const drawn = new Set(all('detailed', 'barangays').map((f) => f.properties.code));
      const missing = units.filter((u) => u.level === 'Bgy' && !drawn.has(u.code)).map((u) => u.code);
      expect(missing.sort()).toEqual(expected.withoutBoundary);
      for (const u of manifest.withoutGeometry) expect(u.name).toBe(byCode.get(u.code)?.name);
    });

    // The loops over every unit and ring below collect what is wrong and assert the list once: an expect() per
    // ring was most of these tests' time (hundreds of thousands of calls a build).
    test('draws every region, province and town, each in the file of its parent', () => {
      const undrawn: string[] = [];
      for (const detail of DETAILS) {
        const drawn = (level: Layer) => new Set(all(detail, level).map((f) => f.properties.code));
        const [regions, areas, towns] = [drawn('regions'), drawn('provinces'), drawn('municities')];
        for (const u of units) {
          const file =
            u.level === 'Reg'
              ? regions
              : u.level === 'Prov' || u.level === 'SGA'
                ? areas
                : ['City', 'Mun', 'SGU'].includes(u.level)
                  ? towns
                  : undefined;
          if (file && !file.has(u.code)) undrawn.push(`${detail} ${u.code} ${u.name}`);
        }
      }
      expect(undrawn).toEqual([]);
      const provincesOf = (region: string) =>
        read<Collection>(dataPaths.provinces('simple', region)).features.map((f) => f.properties.code);
      for (const region of units.filter((u) => u.level === 'Reg')) {
        for (const code of provincesOf(region.code)) expect(byCode.get(code)?.parent).toBe(region.code);
      }
    });

    test.each(DETAILS)('at %s, every polygon is named from the code list and has valid rings', (detail) => {
      const wrong: string[] = [];
      for (const level of ['regions', 'provinces', 'municities', 'barangays'] as const) {
        for (const feature of all(detail, level)) {
          const { code, name, level: itsLevel } = feature.properties;
          const unit = byCode.get(code);
          if (unit?.name !== name) wrong.push(`${code}: named ${name}, ${unit?.name} in the code list`);
          if (unit?.level !== itsLevel) wrong.push(`${code}: level ${itsLevel}, ${unit?.level} in the code list`);
          const rings: Position[][] =
            feature.geometry.type === 'Polygon' ? feature.geometry.coordinates : feature.geometry.coordinates.flat();
          if (rings.length === 0) wrong.push(`${code}: no ring`);
          for (const [i, ring] of rings.entries()) {
            const [first, last] = [ring[0], ring[ring.length - 1]];
            if (ring.length < 4) wrong.push(`${code}: ring ${i} of ${ring.length} positions`);
            else if (first.length !== last.length || first.some((d, k) => d !== last[k])) {
              wrong.push(`${code}: ring ${i} not closed`);
            }
            if (ringArea2(ring) === 0) wrong.push(`${code}: ring ${i} of no area`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });

    test.each(DETAILS)('at %s, each level covers exactly the area of the level below', (detail) => {
      const areas = (level: Layer) =>
        new Map(all(detail, level).map((f) => [f.properties.code, shapeArea(f.geometry)]));
      const [regions, provinces, municities, barangays] = [
        areas('regions'),
        areas('provinces'),
        areas('municities'),
        areas('barangays'),
      ];
      const sum = (children: Map<string, number>, parentOf: (code: string) => string) => {
        const sums = new Map<string, number>();
        for (const [code, area] of children) sums.set(parentOf(code), (sums.get(parentOf(code)) ?? 0) + area);
        return sums;
      };
      const municityOf = (code: string) => {
        let unit = byCode.get(code);
        while (unit && !['City', 'Mun', 'SGU'].includes(unit.level)) unit = byCode.get(unit.parent ?? '');
        return unit!.code;
      };
      const gaps: string[] = [];
      const compare = (
        parents: Map<string, number>,
        sums: Map<string, number>,
        allowance = new Map<string, number>(),
        tolerance = 1e-6,
      ) => {
        for (const [code, total] of sums) {
          const area = parents.get(code)!;
          const gap = Math.abs(area - total - (allowance.get(code) ?? 0)) / area;
          if (gap > tolerance) gaps.push(`${code} ${byCode.get(code)?.name}: ${(gap * 100).toFixed(4)}%`);
        }
      };
      // The regions at simple are the country overview, generalized on their own outline (build.ts).
      compare(
        regions,
        sum(provinces, (code) => byCode.get(code)!.parent!),
        undefined,
        detail === 'simple' ? OVERVIEW_SETTINGS.maxAreaGap : 1e-6,
      );
      compare(
        provinces,
        sum(municities, (code) => hierarchy.area[code]),
      );
      // Areas inside a town that are not barangays: Manila North Cemetery and Tutuban Mall, and a barangay of
      // the boundaries' list that this one no longer has (Caloocan's Barangay 176, split in six).
      const unassigned = read<FeatureCollection<Shape, { municity: string }>>(dataPaths.unassigned(detail)).features;
      expect(unassigned.map((f) => f.properties.municity).sort()).toEqual(expected.unassignedIn);
      const allowance = new Map<string, number>();
      for (const f of unassigned) {
        allowance.set(f.properties.municity, (allowance.get(f.properties.municity) ?? 0) + shapeArea(f.geometry));
      }
      compare(municities, sum(barangays, municityOf), allowance);
      expect(gaps).toEqual([]);
    });
  });

  describe('the gaps the source files leave between barangays', () => {
    const all = (detail: Detail, level: Layer) => features[detail][level].flatMap((c) => c.features);
    const holding = (detail: Detail, level: Layer, point: Position) =>
      all(detail, level)
        .filter((f) => booleanPointInPolygon(point, f.geometry))
        .map((f) => f.properties.code);
    const barangay = (name: string, town: string) =>
      units.find((u) => u.level === 'Bgy' && u.name === name && u.parent === town)!.code;

    test.each(DETAILS)('at %s, split between the barangays on either side, not given to one far away', (detail) => {
      // A gap between Davao City and Arakan went whole to Salaysay: a 1.3 km spike between Magsaysay and
      // Arakan's Lanao Kuran.
      const [davao, arakan] = [named('City of Davao', 'City').code, named('Arakan', 'Mun').code];
      const [held] = holding(detail, 'barangays', [125.2441, 7.305]);
      expect(held).not.toBe(barangay('Salaysay', davao));
      expect([barangay('Magsaysay', davao), barangay('Lanao Kuran', arakan)]).toContain(held);
    });

    test.each(DETAILS)('at %s, filled, so no sea shows between towns', (detail) => {
      // A wedge 430 m across its mouth between barangays of Atok, Benguet, in the Cordillera.
      const point = [120.739, 16.553];
      expect(holding(detail, 'municities', point)).toEqual([named('Atok', 'Mun').code]);
      expect(holding(detail, 'regions', point)).toEqual(['1400000000']);
    });

    test.each(DETAILS)(
      'at %s, leave no hole narrower than 200 m in a region, but where another region lies',
      (detail) => {
        const regions = all(detail, 'regions');
        const open: string[] = [];
        for (const region of regions) {
          for (const hole of polygonsOf(region.geometry).flatMap((part) => part.slice(1))) {
            const width = ringWidth(hole);
            if (width >= 200) continue;
            const inside = polylabel([hole as [number, number][]], 1e-7);
            if (regions.some((other) => other !== region && booleanPointInPolygon(inside, other.geometry))) continue;
            open.push(`${region.properties.code}: ${width.toFixed(0)} m wide at ${inside.map((v) => v.toFixed(5))}`);
          }
        }
        expect(open).toEqual([]);
      },
    );
  });
});
