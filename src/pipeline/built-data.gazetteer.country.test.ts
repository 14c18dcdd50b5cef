/**
 * The gazetteer of every built vintage (built-data.country.test.ts says which and how they are read): a point for
 * every unit, each town's on its town proper, and each barangay's chain of parents.
 */
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dataPaths, type GazetteerEntry, type Manifest, type Unit } from '../dataset/types.ts';
import { buildReader, builds, type Collection, countBy, EXPECTED } from './built-data.test-helpers.ts';
import { metresBetween, pointToShape } from './clusters.ts';
import type { Shape } from './geometry.ts';
import { centreNameRank, isNumbered, TOWN_RULES } from './town-point.ts';
import type { ValidationReport } from './validate.ts';

describe.each(builds)('the $vintage build', ({ vintage, outDir }) => {
  const build = buildReader(outDir);
  const read = build.read;
  const expected = EXPECTED[vintage];

  let manifest: Manifest;
  let units: Unit[];
  let byCode: Map<string, Unit>;
  let barangays: Collection[] = [];

  beforeAll(() => {
    ({ manifest, units, byCode } = build.lists());
    barangays = build.collections('detailed', 'barangays');
  });
  // A build's barangays take hundreds of megabytes: let them go before the next build's are read.
  afterAll(() => {
    barangays = [];
  });

  describe('the gazetteer', () => {
    test('has one entry with a point for every unit', () => {
      const gazetteer = read<GazetteerEntry[]>(dataPaths.gazetteer);
      expect(gazetteer.map((g) => g.code).sort()).toEqual(units.map((u) => u.code).sort());
      // Collected and asserted once: an expect() per entry was most of the test's time.
      const outside = gazetteer.filter(({ point }) => {
        if (!point) return true;
        const [lng, lat] = point;
        return !(lng > 114 && lng < 127 && lat > 4 && lat < 22); // Kalayaan, in the Spratly Islands, lies at 114.3°E
      });
      expect(outside.map((e) => `${e.code} ${e.name} ${e.point}`)).toEqual([]);
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
        for (const f of barangays.flatMap((c) => c.features)) {
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
});
