/**
 * What joining a user's table reads, in every built vintage (run `npm run data:ensure:all` first; `npm test`
 * does): the code index holds the whole code list, and each province-level area's barangays file holds exactly
 * its towns' barangays, as their own files draw them.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FeatureCollection } from 'geojson';
import { describe, expect, test } from 'vitest';
import { type CodeIndex, dataPaths, type FeatureProps, type Hierarchy, type Unit } from '../dataset/types.ts';
import { allBuilds, sourceDirOf } from './config.ts';
import type { Shape } from './geometry.ts';
import { isArea, municityFinder } from './hierarchy.ts';

const read = <T>(outDir: string, file: string) => JSON.parse(fs.readFileSync(path.join(outDir, file), 'utf8')) as T;

describe.each(allBuilds(sourceDirOf()))('the $vintage build', ({ vintage, outDir }) => {
  const units = read<Unit[]>(outDir, dataPaths.units);

  test('indexes every code of the list with its level and correspondence code, and the province-level areas', () => {
    const index = read<CodeIndex>(outDir, dataPaths.codes);
    expect(index.vintage).toBe(vintage);
    expect(index.units).toEqual(units.map((u) => [u.code, u.level, u.correspondence]));
    expect(index.areas).toEqual(units.filter(isArea).map((u) => u.code));
    // The provinces, and the cities that stand apart: Davao City is one, Tagum City (Davao del Norte's) is not.
    expect(index.areas).toContain('1130700000');
    expect(index.areas).not.toContain('1102312000');
  });

  test("puts each barangay drawn at medium in its area's file once, drawn as its town's file draws it", () => {
    const { area } = read<Hierarchy>(outDir, dataPaths.hierarchy);
    const byCode = new Map(units.map((u) => [u.code, u]));
    const townOf = municityFinder(byCode);
    const folder = path.join(outDir, path.dirname(dataPaths.areaBarangays('x')));
    const seen = new Map<string, string>();
    // What is wrong, collected and asserted once: an expect() per barangay was most of the test's time.
    const wrong: string[] = [];
    for (const file of fs.readdirSync(folder)) {
      const areaCode = file.replace('.json', '');
      const { features } = read<FeatureCollection<Shape, FeatureProps>>(outDir, dataPaths.areaBarangays(areaCode));
      for (const { properties } of features) {
        if (seen.has(properties.code)) wrong.push(`${properties.code} in ${areaCode} and ${seen.get(properties.code)}`);
        seen.set(properties.code, areaCode);
        const town = townOf(properties.code);
        if ((area[town] ?? town) !== areaCode)
          wrong.push(`${properties.code} in ${areaCode}, its area ${area[town] ?? town}`);
      }
    }
    const towns = new Set(units.filter((u) => u.level === 'Bgy').map((u) => townOf(u.code)));
    let drawn = 0;
    for (const town of towns) {
      const file = path.join(outDir, dataPaths.barangays('medium', town));
      if (!fs.existsSync(file)) continue;
      const own = read<FeatureCollection<Shape, FeatureProps>>(outDir, dataPaths.barangays('medium', town));
      drawn += own.features.length;
      for (const { properties } of own.features) {
        const where = seen.get(properties.code);
        if (where !== (area[town] ?? town)) wrong.push(`${properties.code} of ${town} in ${where}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBe(drawn);
    // Pangasinan's 1,364 barangays in one file, each polygon as its town's file has it.
    const pangasinan = read<FeatureCollection<Shape, FeatureProps>>(outDir, dataPaths.areaBarangays('0105500000'));
    expect(pangasinan.features).toHaveLength(1364);
    const townFiles = new Map<string, FeatureCollection<Shape, FeatureProps>>();
    for (const feature of pangasinan.features) {
      const town = townOf(feature.properties.code);
      if (!townFiles.has(town)) townFiles.set(town, read(outDir, dataPaths.barangays('medium', town)));
      const own = townFiles.get(town)!.features.find((f) => f.properties.code === feature.properties.code);
      expect(feature).toEqual(own);
    }
  });
});
