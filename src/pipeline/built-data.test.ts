/**
 * Checks over the built dataset in public/data (run `npm run data` first; `npm test` does). They fail when the
 * build disagrees with the code list, loses a unit, writes an empty or broken polygon, or breaks nesting.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { FeatureCollection, Position } from 'geojson';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  DETAILS,
  type Detail,
  dataPaths,
  type FeatureProps,
  type GazetteerEntry,
  type Hierarchy,
  type Manifest,
  type Unit,
} from '../dataset/types.ts';
import { loadConfig, PROJECT_ROOT } from './config.ts';
import type { Shape } from './geometry.ts';
import { ringArea2 } from './round.ts';
import { shapeArea } from './validate.ts';

const root = path.join(PROJECT_ROOT, 'public/data');
const read = <T>(relative: string): T => JSON.parse(fs.readFileSync(path.join(root, relative), 'utf8')) as T;
type Collection = FeatureCollection<Shape, FeatureProps>;
const collectionsIn = (dir: string): Collection[] =>
  fs.readdirSync(path.join(root, dir)).map((f) => read<Collection>(path.join(dir, f)));

let manifest: Manifest;
let units: Unit[];
let byCode: Map<string, Unit>;
let hierarchy: Hierarchy;
const features = {} as Record<Detail, Record<'regions' | 'provinces' | 'municities' | 'barangays', Collection[]>>;

beforeAll(() => {
  manifest = read<Manifest>(dataPaths.manifest);
  units = read<Unit[]>(dataPaths.units);
  byCode = new Map(units.map((u) => [u.code, u]));
  hierarchy = read<Hierarchy>(dataPaths.hierarchy);
  for (const detail of DETAILS) {
    features[detail] = {
      regions: [read<Collection>(dataPaths.regions(detail))],
      provinces: collectionsIn(path.dirname(dataPaths.provinces(detail, 'x'))),
      municities: collectionsIn(path.dirname(dataPaths.municities(detail, 'x'))),
      barangays: collectionsIn(path.dirname(dataPaths.barangays(detail, 'x'))),
    };
  }
});

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

describe('the code list', () => {
  test('has as many units per level as the PSA sheet, counted straight from the spreadsheet', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(loadConfig().codeListFile);
    const levels: string[] = [];
    workbook.getWorksheet('PSGC')!.eachRow((row, index) => {
      const level = String(row.getCell(4).value ?? '').trim();
      if (index > 1 && level) levels.push(level);
    });
    const fromSheet = countBy(levels, (l) => l);
    const { SGA: _groupings, ...built } = countBy(units, (u) => u.level);
    expect(built).toEqual(fromSheet);
    expect(manifest.counts).toEqual(countBy(units, (u) => u.level));
  });

  test('matches the published 4Q 2023 figures', () => {
    expect(manifest.vintage).toBe('4Q 2023');
    expect(manifest.counts).toMatchObject({
      Reg: 17,
      Prov: 82,
      Dist: 4,
      City: 149,
      Mun: 1485,
      SubMun: 14,
      SGU: 8,
      Bgy: 42001,
    });
    expect(
      countBy(
        units.filter((u) => u.level === 'City'),
        (u) => u.cityClass ?? '',
      ),
    ).toEqual({
      HUC: 33,
      ICC: 5,
      CC: 111,
    });
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
    for (const unit of units) {
      if (unit.level === 'Reg') {
        expect(unit.parent).toBeNull();
        continue;
      }
      const parent = byCode.get(unit.parent ?? '');
      expect(parent, `${unit.code} ${unit.name}`).toBeDefined();
      expect(allowed[unit.level], `${unit.code} ${unit.name} under ${parent?.level}`).toContain(parent?.level);
      expect(unit.code.slice(0, 2), `${unit.code} is in its parent's region`).toBe(parent?.code.slice(0, 2));
    }
  });

  test('keeps names clean and codes ten digits', () => {
    for (const unit of units) {
      expect(unit.code).toMatch(/^\d{10}$/);
      expect(unit.name).toBe(unit.name.trim());
      expect(unit.name.length).toBeGreaterThan(0);
    }
    expect(byCode.get('1381000000')?.name).toBe('City of Parañaque');
  });

  test('places independent cities in the province they lie in', () => {
    const name = (code: string) => byCode.get(hierarchy.geoProvince[code])?.name;
    expect(name('1130700000')).toBe('Davao del Sur'); // Davao City
    expect(name('0730600000')).toBe('Cebu'); // Cebu City
    expect(name('0990101000')).toBe('Basilan'); // Isabela City, by shared border
  });
});

describe('the polygons', () => {
  const all = (detail: Detail, level: keyof (typeof features)[Detail]) =>
    features[detail][level].flatMap((c) => c.features);

  test.each(DETAILS)('at %s, every unit that has barangay polygons has a polygon at every level', (detail) => {
    const withoutGeometry = new Set(manifest.withoutGeometry.map((u) => u.code));
    const expected = (test: (u: Unit) => boolean) =>
      units.filter((u) => test(u) && !withoutGeometry.has(u.code)).length;
    expect(all(detail, 'regions')).toHaveLength(expected((u) => u.level === 'Reg'));
    expect(all(detail, 'municities')).toHaveLength(expected((u) => ['City', 'Mun', 'SGU'].includes(u.level)));
    expect(all(detail, 'barangays')).toHaveLength(expected((u) => u.level === 'Bgy'));
    expect(all(detail, 'provinces').length).toBe(manifest.polygons.provinces);
  });

  test('lists the barangays the sources give no polygon, by name', () => {
    expect(manifest.withoutGeometry.length).toBeGreaterThan(0);
    const drawn = new Set(all('detailed', 'barangays').map((f) => f.properties.code));
    const missing = units.filter((u) => u.level === 'Bgy' && !drawn.has(u.code)).map((u) => u.code);
    expect(manifest.withoutGeometry.map((u) => u.code).sort()).toEqual(missing.sort());
    for (const u of manifest.withoutGeometry) expect(u.name).toBe(byCode.get(u.code)?.name);
  });

  test.each(DETAILS)('at %s, every polygon is named from the code list and has valid rings', (detail) => {
    for (const level of ['regions', 'provinces', 'municities', 'barangays'] as const) {
      for (const feature of all(detail, level)) {
        const unit = byCode.get(feature.properties.code);
        expect(unit?.name, feature.properties.code).toBe(feature.properties.name);
        expect(feature.properties.level).toBe(unit?.level);
        const rings: Position[][] =
          feature.geometry.type === 'Polygon' ? feature.geometry.coordinates : feature.geometry.coordinates.flat();
        expect(rings.length, feature.properties.code).toBeGreaterThan(0);
        for (const ring of rings) {
          expect(ring.length, feature.properties.code).toBeGreaterThanOrEqual(4);
          expect(ring[0]).toEqual(ring[ring.length - 1]);
          expect(ringArea2(ring)).not.toBe(0);
        }
      }
    }
  });

  test.each(DETAILS)('at %s, each level covers exactly the area of the level below', (detail) => {
    const areas = (level: keyof (typeof features)[Detail]) =>
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
    ) => {
      for (const [code, total] of sums) {
        const area = parents.get(code)!;
        const gap = Math.abs(area - total - (allowance.get(code) ?? 0)) / area;
        if (gap > 1e-6) gaps.push(`${code} ${byCode.get(code)?.name}: ${(gap * 100).toFixed(4)}%`);
      }
    };
    compare(
      regions,
      sum(provinces, (code) => byCode.get(code)!.parent!),
    );
    compare(
      provinces,
      sum(municities, (code) => hierarchy.area[code]),
    );
    // Manila's outline also holds Manila North Cemetery and Tutuban Mall, which are not barangays.
    const unassigned = read<FeatureCollection<Shape, { municity: string }>>(dataPaths.unassigned(detail)).features;
    expect(unassigned.map((f) => f.properties.municity)).toEqual(['1380600000', '1380600000']);
    const allowance = new Map<string, number>();
    for (const f of unassigned) {
      allowance.set(f.properties.municity, (allowance.get(f.properties.municity) ?? 0) + shapeArea(f.geometry));
    }
    compare(municities, sum(barangays, municityOf), allowance);
    expect(gaps).toEqual([]);
  });
});

describe('the gazetteer', () => {
  test('has one entry with a point for every unit', () => {
    const gazetteer = read<GazetteerEntry[]>(dataPaths.gazetteer);
    expect(gazetteer.map((g) => g.code).sort()).toEqual(units.map((u) => u.code).sort());
    for (const entry of gazetteer) {
      expect(entry.point, `${entry.code} ${entry.name}`).not.toBeNull();
      const [lng, lat] = entry.point!;
      expect(lng).toBeGreaterThan(114); // Kalayaan, in the Spratly Islands, lies at 114.3°E
      expect(lng).toBeLessThan(127);
      expect(lat).toBeGreaterThan(4);
      expect(lat).toBeLessThan(22);
    }
    const sources = countBy(gazetteer, (g) => g.pointSource);
    expect(sources.capital).toBe(82);
    expect(sources.parent).toBe(manifest.withoutGeometry.length);
  });

  test('gives each barangay its parent chain from the region down', () => {
    const gazetteer = read<GazetteerEntry[]>(dataPaths.gazetteer);
    const entry = gazetteer.find((g) => g.level === 'Bgy' && g.code.startsWith('13806'))!;
    expect(entry.chain.map((c) => byCode.get(c)?.level)).toEqual(['Reg', 'Dist', 'City', 'SubMun']);
  });
});
