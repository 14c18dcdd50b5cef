/**
 * The 4Q 2024 build against the 4Q 2023 one (both built by `npm run data:ensure:all`): the same 2023 boundaries
 * under the newer codes. Recoding a unit must not change its shape; a new unit's shape must be made of exactly
 * the older shapes it took over.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FeatureCollection, Position } from 'geojson';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  type ChangeReport,
  DETAILS,
  type Detail,
  dataPaths,
  type FeatureProps,
  type OldCodes,
} from '../dataset/types.ts';
import { allBuilds, sourceDirOf } from './config.ts';
import { OVERVIEW_SETTINGS, type Shape } from './geometry.ts';
import { shapeArea } from './validate.ts';

type Collection = FeatureCollection<Shape, FeatureProps>;
const dirs = Object.fromEntries(allBuilds(sourceDirOf()).map((b) => [b.vintage, b.outDir]));
const read = <T>(vintage: string, relative: string): T =>
  JSON.parse(fs.readFileSync(path.join(dirs[vintage], relative), 'utf8')) as T;
const shapes = (vintage: string, relative: string) =>
  new Map(read<Collection>(vintage, relative).features.map((f) => [f.properties.code, f.geometry]));

const positions = (shape: Shape): string[] =>
  ((shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates).flat(2) as Position[])
    .map((p) => `${p[0]},${p[1]}`)
    .sort();
/** The same polygon: the same area and the same vertices (ring order and start may differ). */
const expectSameShape = (a: Shape | undefined, b: Shape | undefined, label: string) => {
  expect(a, label).toBeDefined();
  expect(b, label).toBeDefined();
  expect(shapeArea(b!), label).toBeCloseTo(shapeArea(a!), 12);
  expect(new Set(positions(b!)), label).toEqual(new Set(positions(a!)));
};
const relativeGap = (a: number, b: number) => Math.abs(a - b) / Math.max(a, b);

const MOVED = [
  { name: 'Negros Occidental', from: '0604500000', to: '1804500000', oldRegion: '0600000000' },
  { name: 'Negros Oriental', from: '0704600000', to: '1804600000', oldRegion: '0700000000' },
  { name: 'Siquijor', from: '0706100000', to: '1806100000', oldRegion: '0700000000' },
  { name: 'City of Bacolod', from: '0630200000', to: '1830200000', oldRegion: '0600000000' },
];
const NIR = '1800000000';

describe('4Q 2024 on the 4Q 2023 boundaries', () => {
  test('both vintages are built', () => {
    expect(read<{ vintage: string }>('4Q 2023', dataPaths.manifest).vintage).toBe('4Q 2023');
    expect(read<{ vintage: string }>('4Q 2024', dataPaths.manifest).vintage).toBe('4Q 2024');
  });

  test.each(DETAILS)(
    'at %s, the provinces and the city moved to the Negros Island Region keep their shapes',
    (detail) => {
      for (const { name, from, to, oldRegion } of MOVED) {
        const before = shapes('4Q 2023', dataPaths.provinces(detail, oldRegion)).get(from);
        const after = shapes('4Q 2024', dataPaths.provinces(detail, NIR)).get(to);
        expectSameShape(before, after, `${name} at ${detail}`);
      }
    },
  );

  test.each(DETAILS)('at %s, the regions they left lost exactly their area, and NIR is made of it', (detail) => {
    const before = shapes('4Q 2023', dataPaths.regions(detail));
    const after = shapes('4Q 2024', dataPaths.regions(detail));
    const area = (s: Shape | undefined) => shapeArea(s!);
    const moved = (region: string) =>
      MOVED.filter((m) => m.oldRegion === region).reduce(
        (sum, m) => sum + area(shapes('4Q 2023', dataPaths.provinces(detail, region)).get(m.from)),
        0,
      );
    // The overview (regions at simple) is dissolved from generalized areas, not from these: there it holds within
    // its tolerance.
    const tolerance = detail === 'simple' ? OVERVIEW_SETTINGS.maxAreaGap : 1e-9;
    for (const region of ['0600000000', '0700000000']) {
      expect(relativeGap(area(after.get(region)), area(before.get(region)) - moved(region))).toBeLessThan(tolerance);
    }
    expect(relativeGap(area(after.get(NIR)), moved('0600000000') + moved('0700000000'))).toBeLessThan(tolerance);
    // Every other region is untouched. The overview is generalized from the areas, so at simple a change of areas
    // inside a region moves its simplified lines: NCR, drawn as 4 districts in 4Q 2023 and as its 17 towns in 4Q
    // 2024 (the newer list has no districts), by 0.23% of its area; Region III by 0.0025%. There it holds within
    // the overview's tolerance.
    for (const [code, shape] of before) {
      if (code === '0600000000' || code === '0700000000') continue;
      if (detail === 'simple') expect(relativeGap(area(after.get(code)), area(shape)), code).toBeLessThan(tolerance);
      else expectSameShape(shape, after.get(code), code);
    }
  });

  describe('every barangay recoded keeps its 2023 polygon', () => {
    let recoded: ChangeReport['recoded'];
    beforeAll(() => {
      recoded = read<ChangeReport>('4Q 2024', dataPaths.changes).recoded.filter((r) => r.level === 'Bgy');
    });

    test.each(DETAILS)('at %s', (detail: Detail) => {
      expect(recoded.length).toBeGreaterThan(1000);
      const town = (code: string) => `${code.slice(0, 7)}000`;
      const files = new Map<string, Map<string, Shape>>();
      const shapeOf = (vintage: string, code: string) => {
        const key = `${vintage}:${town(code)}`;
        if (!files.has(key)) files.set(key, shapes(vintage, dataPaths.barangays(detail, town(code))));
        return files.get(key)!.get(code);
      };
      const withPolygon = recoded.filter((r) => shapeOf('4Q 2023', r.from));
      expect(withPolygon.length).toBe(recoded.length);
      for (const r of withPolygon) expectSameShape(shapeOf('4Q 2023', r.from), shapeOf('4Q 2024', r.to), r.name);
    });
  });

  test('the SGA’s new municipalities are its clusters with three barangays moved between them', () => {
    const detail = 'detailed';
    const towns = (vintage: string) => shapes(vintage, dataPaths.municities(detail, '1999900000'));
    const barangay = (vintage: string, code: string) =>
      shapes(vintage, dataPaths.barangays(detail, `${code.slice(0, 7)}000`)).get(code)!;
    const [before, after] = [towns('4Q 2023'), towns('4Q 2024')];
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const area = (s: Shape | undefined) => shapeArea(s!);
    // Dunguan went from Pikit Cluster III to Nabalawag (Midsayap Cluster II), Macabual from Pikit Cluster II and
    // Panicupan from Pikit Cluster I to Tugunan (Pikit Cluster III).
    const moves = [
      { from: '1999908003', to: '1999904007' },
      { from: '1999907007', to: '1999908009' },
      { from: '1999906008', to: '1999908010' },
    ];
    const expected = new Map([...before].map(([code, shape]) => [code, area(shape)]));
    for (const { from, to } of moves) {
      const a = area(barangay('4Q 2023', from));
      expect(area(barangay('4Q 2024', to))).toBeCloseTo(a, 12);
      expected.set(`${from.slice(0, 7)}000`, expected.get(`${from.slice(0, 7)}000`)! - a);
      expected.set(`${to.slice(0, 7)}000`, expected.get(`${to.slice(0, 7)}000`)! + a);
    }
    for (const [code, shape] of after) expect(relativeGap(area(shape), expected.get(code)!), code).toBeLessThan(1e-9);
  });
});

const SULU = { from: '1906600000', to: '0906600000', oldRegion: '1900000000', newRegion: '0900000000' };

describe('2Q 2025 on the 4Q 2023 boundaries, against 4Q 2024', () => {
  test('the four vintages are built, the newest into public/data', () => {
    expect(Object.keys(dirs)).toEqual(['3Q 2025', '2Q 2025', '4Q 2024', '4Q 2023']);
    expect(read<{ vintage: string }>('2Q 2025', dataPaths.manifest).vintage).toBe('2Q 2025');
    expect(dirs['3Q 2025'].endsWith(path.join('public', 'data'))).toBe(true);
  });

  test('the change report from 4Q 2024 lists what PSA changed: Sulu to Region IX under new codes, 29 names', () => {
    const report = read<ChangeReport>('2Q 2025', dataPaths.previousChanges);
    expect([report.from, report.to]).toEqual(['4Q 2024', '2Q 2025']);
    expect(report.added).toEqual([]);
    expect(report.removed).toEqual([]);
    expect(report.reclassified).toEqual([]);
    expect(report.moved).toEqual([
      expect.objectContaining({ code: SULU.to, name: 'Sulu', from: expect.objectContaining({ code: SULU.oldRegion }) }),
    ]);
    // Every recoded unit is Sulu or in it, and every unit of Sulu in the 4Q 2024 list was recoded.
    const units = read<{ code: string }[]>('4Q 2024', dataPaths.units);
    const inSulu = units.filter((u) => u.code.startsWith(SULU.from.slice(0, 5))).map((u) => u.code);
    expect(report.recoded.map((r) => r.from).sort()).toEqual(inSulu.sort());
    expect(report.recoded.every((r) => r.to === `09${r.from.slice(2)}`)).toBe(true);
    expect(report.renamed).toHaveLength(29);
    expect(report.renamed).toContainEqual({ code: '1705323000', level: 'Mun', from: 'Rizal', to: 'Dr. Jose P. Rizal' });
    // The first general income reclassification (DOF DO 074.2024): Abra 3rd → 1st
    expect(report.incomeClass).toContainEqual(
      expect.objectContaining({ code: '1400100000', name: 'Abra', from: '3rd', to: '1st' }),
    );
  });

  test.each(DETAILS)('at %s, Sulu keeps its shape, and Region IX gains exactly what BARMM loses', (detail) => {
    const before = shapes('4Q 2024', dataPaths.provinces(detail, SULU.oldRegion)).get(SULU.from);
    const after = shapes('2Q 2025', dataPaths.provinces(detail, SULU.newRegion)).get(SULU.to);
    expectSameShape(before, after, `Sulu at ${detail}`);
    if (detail === 'simple') return; // the overview is generalized from the areas (the 4Q 2024 test above)
    const [old, now] = [shapes('4Q 2024', dataPaths.regions(detail)), shapes('2Q 2025', dataPaths.regions(detail))];
    const area = (s: Shape | undefined) => shapeArea(s!);
    const sulu = area(before);
    expect(relativeGap(area(now.get(SULU.newRegion)), area(old.get(SULU.newRegion)) + sulu)).toBeLessThan(1e-9);
    expect(relativeGap(area(now.get(SULU.oldRegion)), area(old.get(SULU.oldRegion)) - sulu)).toBeLessThan(1e-9);
  });

  test('every barangay recoded since 4Q 2024 keeps its polygon', () => {
    const detail = 'detailed';
    const recoded = read<ChangeReport>('2Q 2025', dataPaths.previousChanges).recoded.filter((r) => r.level === 'Bgy');
    const town = (code: string) => `${code.slice(0, 7)}000`;
    for (const r of recoded) {
      const before = shapes('4Q 2024', dataPaths.barangays(detail, town(r.from))).get(r.from);
      if (!before) continue; // none in the source
      expectSameShape(before, shapes('2Q 2025', dataPaths.barangays(detail, town(r.to))).get(r.to), r.name);
    }
  });

  test('old codes of 4Q 2023 and 4Q 2024 lead to the same place now, and no current code is among them', () => {
    const old = read<OldCodes>('2Q 2025', dataPaths.oldCodes);
    expect(old['0604500000']).toEqual({ code: '1804500000', vintages: ['4Q 2023'] }); // Negros Occidental
    expect(old[SULU.from]).toEqual({ code: SULU.to, vintages: ['4Q 2023', '4Q 2024'] });
    const current = new Set(read<{ code: string }[]>('2Q 2025', dataPaths.units).map((u) => u.code));
    for (const [code, to] of Object.entries(old)) {
      expect(current.has(code), code).toBe(false);
      expect(current.has(to.code), code).toBe(true);
    }
    // The older builds' own: 4Q 2024 knows the Negros recodes, 4Q 2023 none.
    expect(read<OldCodes>('4Q 2024', dataPaths.oldCodes)['0604500000']?.code).toBe('1804500000');
    expect(read<OldCodes>('4Q 2023', dataPaths.oldCodes)).toEqual({});
  });
});

describe('3Q 2025 against 2Q 2025', () => {
  test('the change report from 2Q 2025 lists the three names PSA changed, and nothing else', () => {
    const report = read<ChangeReport>('3Q 2025', dataPaths.previousChanges);
    expect([report.from, report.to]).toEqual(['2Q 2025', '3Q 2025']);
    for (const kind of ['added', 'removed', 'recoded', 'moved', 'reclassified'] as const)
      expect(report[kind]).toEqual([]);
    expect(report.renamed).toEqual([
      { code: '0405607061', level: 'Bgy', from: 'Pinagsakahan', to: 'Pinagsakayan' },
      { code: '0907313012', level: 'Bgy', from: 'Lubusan', to: 'Lubosan' },
      { code: '1903638000', level: 'Mun', from: 'Tagoloan Ii', to: 'Tagoloan II' },
    ]);
    expect(report.incomeClass).toEqual([]);
  });

  test('every code of 2Q 2025 is a code of 3Q 2025, and the old codes lead where they led', () => {
    const now = new Set(read<{ code: string }[]>('3Q 2025', dataPaths.units).map((u) => u.code));
    const before = read<{ code: string }[]>('2Q 2025', dataPaths.units).map((u) => u.code);
    expect(before.filter((c) => !now.has(c))).toEqual([]);
    expect(read<OldCodes>('3Q 2025', dataPaths.oldCodes)).toEqual(read<OldCodes>('2Q 2025', dataPaths.oldCodes));
  });
});
