/**
 * Checks over every built vintage: the newest in public/data and each older one in .vintages/ (run
 * `npm run data:ensure:all` first; `npm test` does). They fail when a build disagrees with its code list, loses a
 * unit, writes an empty or broken polygon, breaks nesting, or maps the older boundaries to the wrong units.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type ChangeReport,
  dataPaths,
  type Hierarchy,
  type Manifest,
  type Unit,
  type UnitsIndex,
} from '../dataset/types.ts';
import { buildReader, builds, countBy, EXPECTED, nationalSummary, sheetLevels } from './built-data.test-helpers.ts';

test('every vintage present is built, the newest into public/data', () => {
  expect(builds.map((b) => b.vintage)).toEqual(Object.keys(EXPECTED).reverse());
  expect(builds[0].outDir.endsWith(path.join('public', 'data'))).toBe(true);
});

describe.each(builds)('the $vintage build', ({ vintage, outDir }) => {
  const build = buildReader(outDir);
  const read = build.read;
  const expected = EXPECTED[vintage];

  let manifest: Manifest;
  let units: Unit[];
  let byCode: Map<string, Unit>;
  let hierarchy: Hierarchy;

  beforeAll(() => {
    ({ manifest, units, byCode, hierarchy } = build.lists());
  });
  const named = (name: string, level: Unit['level']) => units.find((u) => u.name === name && u.level === level)!;

  describe('the code list', () => {
    test('is the vintage asked for, with an expectation written for it', () => {
      expect(manifest.vintage).toBe(vintage);
      expect(expected, `no expectations written for ${vintage}`).toBeDefined();
    });

    test('has as many units per level as the PSA sheet, counted straight from the spreadsheet', async () => {
      const { SGA: _groupings, ...built } = countBy(units, (u) => u.level);
      expect(built).toEqual(await sheetLevels(vintage));
      expect(manifest.counts).toEqual(countBy(units, (u) => u.level));
    });

    test("is split for the browser: the regions, an index of all but the barangays, each barangay in its town's file once", () => {
      const index = read<UnitsIndex>(dataPaths.unitsIndex);
      expect(index.units).toEqual(units.filter((u) => u.level !== 'Bgy'));
      // The first screen's: the regions alone.
      expect(read<Unit[]>(dataPaths.regionUnits)).toEqual(units.filter((u) => u.level === 'Reg'));
      const dir = path.join(outDir, path.dirname(dataPaths.barangayUnits('x')));
      const split = fs.readdirSync(dir).flatMap((file) => {
        const town = file.replace(/\.json$/, '');
        return read<Unit[]>(dataPaths.barangayUnits(town)).map((b) => ({ b, town }));
      });
      const barangays = units.filter((u) => u.level === 'Bgy');
      const inFiles = new Map(split.map(({ b }) => [b.code, b]));
      expect(split).toHaveLength(barangays.length);
      expect(inFiles.size).toBe(barangays.length);
      // Each loop over every unit collects what is wrong and asserts the list once: an expect() per unit was most
      // of these tests' time.
      expect(barangays.filter((b) => !isDeepStrictEqual(inFiles.get(b.code), b)).map((b) => b.code)).toEqual([]);
      const byCode = new Map(units.map((u) => [u.code, u]));
      const elsewhere: string[] = [];
      for (const { b, town } of split) {
        let parent = byCode.get(b.parent ?? '');
        if (parent?.level === 'SubMun') parent = byCode.get(parent.parent ?? '');
        if (parent?.code !== town) elsewhere.push(`${b.code} in ${town}.json, its town ${parent?.code}`);
      }
      expect(elsewhere).toEqual([]);
    });

    test('matches the published figures, in total and per region as the national summary gives them', async () => {
      expect(manifest.counts).toEqual(expected.counts);
      const cities = units.filter((u) => u.level === 'City');
      expect(countBy(cities, (u) => u.cityClass ?? '')).toEqual({ HUC: 33, ICC: 5, CC: 111 });
      const summary = await nationalSummary(vintage);
      const built: typeof summary = {};
      for (const region of units.filter((u) => u.level === 'Reg')) {
        const inRegion = (level: Unit['level']) =>
          units.filter((u) => u.level === level && u.code.startsWith(region.code.slice(0, 2))).length;
        const [Prov, City, Mun, Bgy] = (['Prov', 'City', 'Mun', 'Bgy'] as const).map(inRegion);
        built[region.code] = { name: region.name, Prov, City, Mun, Bgy };
      }
      // The summary spells one name differently ("in Muslim Mindanao"): compare names folded.
      const fold = (s: typeof summary) =>
        Object.fromEntries(Object.entries(s).map(([code, r]) => [code, { ...r, name: r.name.toLowerCase() }]));
      expect(fold(built)).toEqual(fold(summary));
    });

    test('gives every unit but a region a parent that exists, one level up', () => {
      const allowed: Record<string, string[]> = {
        Prov: ['Reg'],
        Dist: ['Reg'],
        SGA: ['Reg'],
        City: ['Reg', 'Prov', 'Dist'],
        Mun: ['Prov', 'Dist', 'Reg', 'SGA'],
        SubMun: ['City'],
        SGU: ['SGA'],
        Bgy: ['City', 'Mun', 'SubMun', 'SGU'],
      };
      const wrong: string[] = [];
      for (const unit of units) {
        const named = `${unit.code} ${unit.name}`;
        if (unit.level === 'Reg') {
          if (unit.parent !== null) wrong.push(`${named}: a region with a parent`);
          continue;
        }
        const parent = byCode.get(unit.parent ?? '');
        if (!parent) wrong.push(`${named}: no parent ${unit.parent}`);
        else if (!allowed[unit.level]?.includes(parent.level))
          wrong.push(`${named}: ${unit.level} under ${parent.level}`);
        else if (unit.code.slice(0, 2) !== parent.code.slice(0, 2)) wrong.push(`${named}: not in its parent's region`);
      }
      expect(wrong).toEqual([]);
    });

    test('keeps names clean and codes ten digits', () => {
      const unclean = units.filter((u) => !/^\d{10}$/.test(u.code) || u.name !== u.name.trim() || u.name.length === 0);
      expect(unclean.map((u) => `${u.code} "${u.name}"`)).toEqual([]);
      expect(byCode.get('1381000000')?.name).toBe('City of Parañaque');
    });

    test('places independent cities in the province they lie in', () => {
      const province = (city: string) => byCode.get(hierarchy.geoProvince[named(city, 'City').code])?.name;
      expect(province('City of Davao')).toBe('Davao del Sur');
      expect(province('City of Cebu')).toBe('Cebu');
      expect(province('City of Isabela')).toBe('Basilan'); // by shared border: its code names no province
      expect(province('City of Bacolod')).toBe('Negros Occidental');
    });
  });

  describe('the change report', () => {
    test('counts the changes from the boundaries’ list, beside the manifest', () => {
      const changes = read<ChangeReport>(dataPaths.changes);
      expect(changes.from).toBe(manifest.boundaryVintage);
      expect(changes.to).toBe(vintage);
      expect(changes.counts).toEqual(expected.changes);
      expect(manifest.changes).toEqual(expected.changes);
      for (const kind of Object.keys(changes.counts) as (keyof ChangeReport['counts'])[]) {
        const total = Object.values(changes.counts[kind]).reduce((a, b) => a + b, 0);
        expect(changes[kind], kind).toHaveLength(total);
      }
      expect(changes.withoutBoundary).toEqual(manifest.withoutGeometry);
    });

    test('counts the changes from the release before, when there is one, beside the manifest', () => {
      const previous = Object.keys(EXPECTED).at(Object.keys(EXPECTED).indexOf(vintage) - 1);
      if (vintage === Object.keys(EXPECTED)[0]) {
        expect(manifest.previousVintage).toBeNull();
        expect(fs.existsSync(path.join(outDir, dataPaths.previousChanges))).toBe(false);
        return;
      }
      const report = read<ChangeReport>(dataPaths.previousChanges);
      expect([report.from, report.to, manifest.previousVintage]).toEqual([previous, vintage, previous]);
      expect(manifest.previousChanges).toEqual(report.counts);
      for (const kind of Object.keys(report.counts) as (keyof ChangeReport['counts'])[]) {
        const total = Object.values(report.counts[kind]).reduce((a, b) => a + b, 0);
        expect(report[kind], kind).toHaveLength(total);
      }
    });
  });
});
