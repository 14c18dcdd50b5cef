/**
 * Checks over every built vintage: the newest in public/data and each older one in .vintages/ (run
 * `npm run data:ensure:all` first; `npm test` does). They fail when a build disagrees with its code list, loses a
 * unit, writes an empty or broken polygon, breaks nesting, or maps the older boundaries to the wrong units.
 */
import fs from 'node:fs';
import path from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import ExcelJS from 'exceljs';
import type { FeatureCollection, Position } from 'geojson';
import polylabel from 'polylabel';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type ChangeReport,
  DETAILS,
  type Detail,
  dataPaths,
  type FeatureProps,
  type GazetteerEntry,
  type Hierarchy,
  type Manifest,
  type Unit,
  type UnitsIndex,
} from '../dataset/types.ts';
import { metresBetween, pointToShape } from './clusters.ts';
import { allBuilds, sourceDirOf, VINTAGES } from './config.ts';
import { polygonsOf, ringWidth } from './gap-holes.ts';
import { OVERVIEW_SETTINGS, type Shape } from './geometry.ts';
import { ringArea2 } from './round.ts';
import { centreNameRank, isNumbered, TOWN_RULES } from './town-point.ts';
import { shapeArea, type ValidationReport } from './validate.ts';

type Collection = FeatureCollection<Shape, FeatureProps>;
type Layer = 'regions' | 'provinces' | 'municities' | 'barangays';

const sourceDir = sourceDirOf();
const builds = allBuilds(sourceDir);

const countBy = <T>(items: T[], key: (item: T) => string) => {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
};

/** What PSA publishes for each vintage, and what each build must therefore say. */
/** The 8 barangays the boundary files have no polygon for (null or zero area), in both vintages. */
const NO_POLYGON_IN_SOURCE = [
  '0102910008',
  '0205008007',
  '0304903075',
  '0504117022',
  '0802614008',
  '1400104001',
  '1400106007',
  '1400106008',
];

const EXPECTED: Record<
  string,
  {
    counts: Record<string, number>;
    /** Barangays with no polygon: null or empty in the source, or new since the boundaries' vintage. */
    withoutBoundary: string[];
    /** Towns holding areas that are not barangays (Manila's cemetery and mall; Caloocan's Barangay 176). */
    unassignedIn: string[];
    manilaChain: string[];
    changes: ChangeReport['counts'];
  }
> = {
  '4Q 2023': {
    counts: { Reg: 17, Prov: 82, Dist: 4, City: 149, Mun: 1485, SubMun: 14, SGU: 8, SGA: 1, Bgy: 42001 },
    withoutBoundary: NO_POLYGON_IN_SOURCE,
    unassignedIn: ['1380600000', '1380600000'],
    manilaChain: ['Reg', 'Dist', 'City', 'SubMun'],
    changes: { added: {}, removed: {}, recoded: {}, renamed: {}, moved: {}, reclassified: {} },
  },
  '4Q 2024': {
    counts: { Reg: 18, Prov: 82, City: 149, Mun: 1493, SubMun: 14, SGA: 1, Bgy: 42011 },
    withoutBoundary: [
      ...NO_POLYGON_IN_SOURCE,
      '1206317017', // new in 4Q 2024, as are the six parts of Caloocan's Barangay 176 and four more
      '1380100189',
      '1380100190',
      '1380100191',
      '1380100192',
      '1380100193',
      '1380100194',
      '1606801027',
      '1903617146',
      '1903617147',
      '1903617148',
    ].sort(),
    unassignedIn: ['1380100000', '1380600000', '1380600000'],
    manilaChain: ['Reg', 'City', 'SubMun'],
    changes: {
      added: { Reg: 1, Bgy: 11 },
      removed: { Dist: 4, Bgy: 1 },
      recoded: { Prov: 3, City: 19, Mun: 44, Bgy: 1357 },
      renamed: { Mun: 9, Bgy: 29 },
      moved: { Prov: 3, City: 17, Mun: 1, Bgy: 4 },
      reclassified: { Mun: 8 },
    },
  },
  // The July 2025 publication: no unit added or removed since 4Q 2024; Sulu moved from BARMM to Region IX under
  // new codes (its 19 towns and 410 barangays with it), 29 names changed (docs/changes.md).
  '2Q 2025': {
    counts: { Reg: 18, Prov: 82, City: 149, Mun: 1493, SubMun: 14, SGA: 1, Bgy: 42011 },
    withoutBoundary: [] as string[], // as 4Q 2024's, filled in below
    unassignedIn: ['1380100000', '1380600000', '1380600000'],
    manilaChain: ['Reg', 'City', 'SubMun'],
    changes: {
      added: { Reg: 1, Bgy: 11 },
      removed: { Dist: 4, Bgy: 1 },
      recoded: { Prov: 4, City: 19, Mun: 63, Bgy: 1767 },
      renamed: { Mun: 10, Bgy: 57 },
      moved: { Prov: 4, City: 17, Mun: 1, Bgy: 4 },
      reclassified: { Mun: 8 },
    },
  },
};
EXPECTED['2Q 2025'].withoutBoundary = EXPECTED['4Q 2024'].withoutBoundary;
// The September 2025 publication: no unit added, removed, recoded or moved since 2Q 2025; three renamed
// (Pinagsakahan → Pinagsakayan, Lubusan → Lubosan, Tagoloan Ii → Tagoloan II). Its counts are of the 2024 census.
EXPECTED['3Q 2025'] = {
  ...EXPECTED['2Q 2025'],
  changes: { ...EXPECTED['2Q 2025'].changes, renamed: { Mun: 11, Bgy: 59 } },
};

/** Each vintage's workbook, read once (3 to 4 s each) for the checks that count from it. */
const workbooks = new Map<string, Promise<ExcelJS.Workbook>>();
function workbookOf(vintage: string) {
  let workbook = workbooks.get(vintage);
  if (!workbook) {
    const book = new ExcelJS.Workbook();
    workbook = book.xlsx.readFile(path.join(sourceDir, VINTAGES[vintage])).then(() => book);
    workbooks.set(vintage, workbook);
  }
  return workbook;
}

/** The PSGC sheet's own rows: level per row, counted as they stand. */
async function sheetLevels(vintage: string): Promise<Record<string, number>> {
  const workbook = await workbookOf(vintage);
  const levels: string[] = [];
  workbook.getWorksheet('PSGC')!.eachRow((row, index) => {
    const level = String(row.getCell(4).value ?? '').trim();
    if (index > 1 && level) levels.push(level);
  });
  return countBy(levels, (l) => l);
}

/** The workbook's national summary: per region, its provinces, cities, municipalities and barangays. */
async function nationalSummary(vintage: string) {
  const workbook = await workbookOf(vintage);
  const sheet = workbook.worksheets.find((s) => /^nat/i.test(s.name))!;
  const rows: Record<string, { name: string; Prov: number; City: number; Mun: number; Bgy: number }> = {};
  sheet.eachRow((row) => {
    const code = String(row.getCell(1).value ?? '').padStart(10, '0');
    if (!/^\d\d00000000$/.test(code) || code === '0000000000') return; // the national total has no code
    const n = (col: number) => (row.getCell(col).value === '-' ? 0 : Number(row.getCell(col).value));
    rows[code] = { name: String(row.getCell(3).value).trim(), Prov: n(4), City: n(5), Mun: n(6), Bgy: n(7) };
  });
  return rows;
}

test('every vintage present is built, the newest into public/data', () => {
  expect(builds.map((b) => b.vintage)).toEqual(Object.keys(EXPECTED).reverse());
  expect(builds[0].outDir.endsWith(path.join('public', 'data'))).toBe(true);
});

describe.each(builds)('the $vintage build', ({ vintage, outDir }) => {
  const read = <T>(relative: string): T => JSON.parse(fs.readFileSync(path.join(outDir, relative), 'utf8')) as T;
  const collectionsIn = (dir: string): Collection[] =>
    fs.readdirSync(path.join(outDir, dir)).map((f) => read<Collection>(path.join(dir, f)));
  const expected = EXPECTED[vintage];

  let manifest: Manifest;
  let units: Unit[];
  let byCode: Map<string, Unit>;
  let hierarchy: Hierarchy;
  let features = {} as Record<Detail, Record<Layer, Collection[]>>;

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
  // Each build's polygons take hundreds of megabytes: let them go before the next build's are read.
  afterAll(() => {
    features = {} as typeof features;
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
      for (const b of barangays) expect(inFiles.get(b.code), b.code).toEqual(b);
      const byCode = new Map(units.map((u) => [u.code, u]));
      for (const { b, town } of split) {
        let parent = byCode.get(b.parent ?? '');
        if (parent?.level === 'SubMun') parent = byCode.get(parent.parent ?? '');
        expect(parent?.code, b.code).toBe(town);
      }
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
      const province = (city: string) => byCode.get(hierarchy.geoProvince[named(city, 'City').code])?.name;
      expect(province('City of Davao')).toBe('Davao del Sur');
      expect(province('City of Cebu')).toBe('Cebu');
      expect(province('City of Isabela')).toBe('Basilan'); // by shared border: its code names no province
      expect(province('City of Bacolod')).toBe('Negros Occidental');
    });
  });

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

    test('draws every region, province and town, each in the file of its parent', () => {
      for (const detail of DETAILS) {
        const drawn = (level: Layer) => new Set(all(detail, level).map((f) => f.properties.code));
        const [regions, areas, towns] = [drawn('regions'), drawn('provinces'), drawn('municities')];
        for (const u of units) {
          if (u.level === 'Reg') expect(regions.has(u.code), `${u.code} ${u.name}`).toBe(true);
          if (u.level === 'Prov' || u.level === 'SGA') expect(areas.has(u.code), `${u.code} ${u.name}`).toBe(true);
          if (['City', 'Mun', 'SGU'].includes(u.level)) expect(towns.has(u.code), `${u.code} ${u.name}`).toBe(true);
        }
      }
      const provincesOf = (region: string) =>
        read<Collection>(dataPaths.provinces('simple', region)).features.map((f) => f.properties.code);
      for (const region of units.filter((u) => u.level === 'Reg')) {
        for (const code of provincesOf(region.code)) expect(byCode.get(code)?.parent).toBe(region.code);
      }
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

    describe('puts each city’s and municipality’s point on its town proper', () => {
      type Barangay = { unit: Unit; shape: Shape };
      let towns: GazetteerEntry[];
      let barangaysOf: Map<string, Barangay[]>;
      beforeAll(() => {
        towns = read<GazetteerEntry[]>(dataPaths.gazetteer).filter((g) => g.level === 'City' || g.level === 'Mun');
        const townOf = (unit: Unit): string => {
          const parent = byCode.get(unit.parent!)!;
          return parent.level === 'SubMun' ? parent.parent! : parent.code;
        };
        barangaysOf = new Map();
        for (const f of features.detailed.barangays.flatMap((c) => c.features)) {
          const unit = byCode.get(f.properties.code)!;
          const list = barangaysOf.get(townOf(unit)) ?? [];
          list.push({ unit, shape: f.geometry });
          barangaysOf.set(townOf(unit), list);
        }
      });
      const under = (town: GazetteerEntry) =>
        barangaysOf.get(town.code)!.filter((b) => booleanPointInPolygon(town.point!, b.shape));
      const town = (name: string) => towns.find((g) => g.name === name)!;

      test('inside one of its own barangays that the first rule to find any chose', () => {
        const wrong: string[] = [];
        for (const entry of towns) {
          const own = barangaysOf.get(entry.code) ?? [];
          const ranks = own.map((b) => centreNameRank(b.unit.name, entry.name)).filter((r) => r !== null);
          const numbered = own.filter((b) => isNumbered(b.unit.name));
          // The densest quarter of the urban barangays (people per km² in 2020, the census that classed them).
          const people = (b: Barangay) => b.unit.census[2020] ?? b.unit.population ?? 0;
          const density = (b: Barangay) => people(b) / (b.unit.areaKm2 || Number.MIN_VALUE);
          const urban = own.filter((b) => b.unit.urban).sort((a, b) => density(b) - density(a));
          const densest = urban.length ? density(urban[Math.ceil(urban.length / 4) - 1]) : 0;
          const chosen: Record<string, (b: Barangay) => boolean> = {
            poblacion: (b) => b.unit.poblacion || centreNameRank(b.unit.name, entry.name) === 0,
            named: (b) =>
              ranks.length ? centreNameRank(b.unit.name, entry.name) === Math.min(...ranks) : isNumbered(b.unit.name),
            urban: (b) => !!b.unit.urban && density(b) >= densest * 0.99,
            label: () => true,
          };
          // The rule taken is the first that finds a barangay with a polygon.
          const rule = own.some((b) => b.unit.poblacion)
            ? 'poblacion'
            : ranks.length || numbered.length >= 2
              ? 'named'
              : urban.length
                ? 'urban'
                : 'label';
          const inside = under(entry);
          if (entry.pointSource !== rule || !inside.some(chosen[rule]))
            wrong.push(
              `${entry.code} ${entry.name}: ${entry.pointSource} (${rule} expected) in ${inside.map((b) => b.unit.name)}`,
            );
        }
        expect(wrong).toEqual([]);
      });

      test('counts the points of each rule in the report', () => {
        const report = read<ValidationReport>(dataPaths.report);
        expect(Object.keys(report.gazetteer.towns)).toEqual([...TOWN_RULES]);
        const counted = TOWN_RULES.map((rule) => [rule, towns.filter((g) => g.pointSource === rule).length]);
        expect(report.gazetteer.towns).toEqual(Object.fromEntries(counted));
        expect(Object.values(report.gazetteer.towns).reduce((a, b) => a + b, 0)).toBe(towns.length);
      });

      test('puts Davao City downtown, among its Poblacion District barangays, not in one of its districts’', () => {
        const davao = town('City of Davao');
        expect(davao.pointSource).toBe('poblacion');
        const district = barangaysOf
          .get(davao.code)!
          .filter((b) => b.unit.poblacion && /^Barangay \d+-[A-D]$/.test(b.unit.name));
        expect(district).toHaveLength(40);
        expect(under(davao).every((b) => district.includes(b))).toBe(true);
        const corners = district.flatMap((b) =>
          b.shape.type === 'Polygon' ? b.shape.coordinates[0] : b.shape.coordinates.flatMap((p) => p[0]),
        );
        const [lngs, lats] = [corners.map((p) => p[0]), corners.map((p) => p[1])];
        const middle = [(Math.min(...lngs) + Math.max(...lngs)) / 2, (Math.min(...lats) + Math.max(...lats)) / 2];
        expect(metresBetween(davao.point!, middle)).toBeLessThan(3000);
      });

      test('puts Antipolo where its poblacion barangays meet, not out in the hills of San Jose (Pob.)', () => {
        const antipolo = town('City of Antipolo');
        expect(antipolo.pointSource).toBe('poblacion');
        const poblacion = barangaysOf.get(antipolo.code)!.filter((b) => b.unit.poblacion);
        expect(poblacion.map((b) => b.unit.name).sort()).toEqual(['Dela Paz', 'San Isidro', 'San Jose', 'San Roque']);
        expect(under(antipolo).every((b) => b.unit.poblacion)).toBe(true);
        const near = poblacion.filter((b) => pointToShape(antipolo.point!, b.shape) < 100);
        expect(near.length).toBeGreaterThanOrEqual(3);
      });

      test('puts Baguio among its small, crowded downtown barangays, not in Irisan, its most populous', () => {
        const baguio = town('City of Baguio');
        expect(baguio.pointSource).toBe('urban');
        const own = barangaysOf.get(baguio.code)!;
        const mostPopulous = own.reduce((a, b) => ((b.unit.population ?? 0) > (a.unit.population ?? 0) ? b : a));
        expect(mostPopulous.unit.name).toBe('Irisan');
        const [here] = under(baguio);
        expect(here.unit.name).not.toBe('Irisan');
        // A downtown barangay: a tenth of a km² or so, against Irisan's 10.
        expect(here.unit.areaKm2).toBeLessThan(1);
      });

      test('puts Tingloy among its numbered barangays, its town proper', () => {
        const tingloy = town('Tingloy');
        expect(tingloy.pointSource).toBe('named');
        expect(under(tingloy)[0].unit.name).toMatch(/^Barangay 1[3-6]$/);
      });

      test('puts Quezon City outside Fairview', () => {
        const qc = town('Quezon City');
        expect(barangaysOf.get(qc.code)!.filter((b) => /fairview/i.test(b.unit.name))).toHaveLength(2);
        expect(
          under(qc)
            .map((b) => b.unit.name)
            .join(),
        ).not.toMatch(/fairview/i);
      });
    });

    test('gives each barangay its parent chain from the region down', () => {
      const gazetteer = read<GazetteerEntry[]>(dataPaths.gazetteer);
      const entry = gazetteer.find((g) => g.level === 'Bgy' && g.code.startsWith('13806'))!;
      expect(entry.chain.map((c) => byCode.get(c)?.level)).toEqual(expected.manilaChain);
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
