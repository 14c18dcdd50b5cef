import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { Position } from 'geojson';
import type { Detail, GazetteerEntry, GeoLevel, Hierarchy, Level, Unit } from '../dataset/types.ts';
import type { BoundaryIndex } from './boundaries.ts';
import type { Shape } from './geometry.ts';
import { isArea, isMunicity, municityFinder } from './hierarchy.ts';
import type { LevelShapes } from './levels.ts';
import { ringArea2 } from './round.ts';
import { TOWN_RULES, type TownRule } from './town-point.ts';
import type { ZipReport } from './zip-join.ts';

export interface ValidationReport {
  counts: Partial<Record<Level, number>>;
  withoutGeometry: { code: string; name: string; level: Level; reason: string }[];
  sourceNotes: string[];
  orphans: string[];
  /** Per detail and level: polygons missing, and rings that are not valid (under 4 positions or no area). */
  polygons: Record<Detail, Record<GeoLevel, { expected: number; present: number; invalidRings: number }>>;
  /** Rings that needed finer rounding to keep their shape, per detail. */
  refinedRings: Record<Detail, number>;
  /** Per detail: the largest relative difference between a parent's area and its children's summed area. */
  nesting: Record<Detail, { parents: number; maxRelativeGap: number; over1e3: string[] }>;
  /** Barangay points that fall outside their city or municipality polygon at `detailed`. */
  pointsOutside: string[];
  gazetteer: {
    entries: number;
    withPoint: number;
    bySource: Record<string, number>;
    /** Cities and municipalities per rule that placed their point on their town proper (town-point.ts). */
    towns: Record<TownRule, number>;
  };
  /** PHLPost's ZIP table joined to the towns (zip-join.ts); null when the source has no ZIP table. */
  zip?: ZipReport | null;
}

/**
 * Area in the sinusoidal projection (x = lng·cos(lat)), which is equal-area: a parent's area and the sum of
 * its children's match exactly when they share their borders, whatever the latitude span.
 */
export function shapeArea(shape: Shape): number {
  const parts = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  let sum = 0;
  for (const part of parts) {
    part.forEach((ring, i) => {
      const projected = ring.map(([x, y]) => [x * Math.cos((y * Math.PI) / 180), y]);
      const a = Math.abs(ringArea2(projected)) / 2;
      sum += i === 0 ? a : -a;
    });
  }
  return sum;
}

const rings = (shape: Shape): Position[][] => (shape.type === 'Polygon' ? shape.coordinates : shape.coordinates.flat());

interface Input {
  units: Unit[];
  hierarchy: Hierarchy;
  read: Pick<BoundaryIndex, 'missing' | 'unmatched'>;
  levels: Record<Detail, LevelShapes>;
  gazetteer: GazetteerEntry[];
  skipped: string[];
}

export function validate({ units, hierarchy, read, levels: rounded, gazetteer, skipped }: Input): ValidationReport {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const municityOf = municityFinder(byCode);
  const counts: Partial<Record<Level, number>> = {};
  for (const u of units) counts[u.level] = (counts[u.level] ?? 0) + 1;
  const orphans = units
    .filter((u) => u.parent && !byCode.has(u.parent))
    .map((u) => `${u.code} ${u.name} → ${u.parent}`);

  const missingBarangays = new Map(read.missing.map((m) => [m.code, m.reason]));
  const expected: Record<GeoLevel, Unit[]> = {
    regions: units.filter((u) => u.level === 'Reg'),
    provinces: units.filter(isArea),
    municities: units.filter(isMunicity),
    barangays: units.filter((u) => u.level === 'Bgy'),
  };
  const withoutGeometry: ValidationReport['withoutGeometry'] = [];
  for (const level of Object.keys(expected) as GeoLevel[]) {
    for (const u of expected[level]) {
      if (!rounded.detailed[level].has(u.code)) {
        const reason = missingBarangays.get(u.code) ?? 'no barangay of it has a polygon';
        withoutGeometry.push({ code: u.code, name: u.name, level: u.level, reason });
      }
    }
  }

  const polygons = {} as ValidationReport['polygons'];
  const nesting = {} as ValidationReport['nesting'];
  for (const detail of Object.keys(rounded) as Detail[]) {
    polygons[detail] = {} as Record<GeoLevel, { expected: number; present: number; invalidRings: number }>;
    for (const level of Object.keys(expected) as GeoLevel[]) {
      let invalidRings = 0;
      for (const shape of rounded[detail][level].values()) {
        for (const ring of rings(shape)) if (ring.length < 4 || ringArea2(ring) === 0) invalidRings++;
      }
      polygons[detail][level] = {
        expected: expected[level].length,
        present: rounded[detail][level].size,
        invalidRings,
      };
    }
    // children of each parent at the next level down, summed
    const sums = new Map<string, number>();
    const add = (parent: string, shape: Shape) => sums.set(parent, (sums.get(parent) ?? 0) + shapeArea(shape));
    const r = rounded[detail];
    for (const [code, shape] of r.barangays) add(municityOf(code), shape);
    for (const { municity, shape } of rounded[detail].unassigned.values()) add(municity, shape);
    for (const [code, shape] of r.municities) if (hierarchy.area[code]) add(hierarchy.area[code], shape);
    for (const [code, shape] of r.provinces) add(byCode.get(code)!.parent!, shape);
    let maxRelativeGap = 0;
    const over1e3: string[] = [];
    for (const [parent, childArea] of sums) {
      const shape = r.regions.get(parent) ?? r.provinces.get(parent) ?? r.municities.get(parent);
      if (!shape) continue;
      const area = shapeArea(shape);
      const gap = Math.abs(area - childArea) / area;
      maxRelativeGap = Math.max(maxRelativeGap, gap);
      if (gap > 1e-3) over1e3.push(`${parent} ${byCode.get(parent)?.name}: ${(gap * 100).toFixed(2)}%`);
    }
    nesting[detail] = { parents: sums.size, maxRelativeGap, over1e3 };
  }

  const points = new Map(gazetteer.map((g) => [g.code, g]));
  const pointsOutside: string[] = [];
  for (const [code] of rounded.detailed.barangays) {
    const point = points.get(code)?.point;
    const parentShape = rounded.detailed.municities.get(municityOf(code));
    if (point && parentShape && !booleanPointInPolygon(point, parentShape)) pointsOutside.push(code);
  }

  const bySource: Record<string, number> = {};
  const towns = Object.fromEntries(TOWN_RULES.map((rule) => [rule, 0])) as Record<TownRule, number>;
  for (const g of gazetteer) {
    bySource[g.pointSource] = (bySource[g.pointSource] ?? 0) + 1;
    const rule = g.pointSource as TownRule;
    if ((g.level === 'City' || g.level === 'Mun') && rule in towns) towns[rule]++;
  }
  return {
    counts,
    withoutGeometry,
    sourceNotes: [...skipped, ...read.unmatched],
    orphans,
    polygons,
    refinedRings: Object.fromEntries(
      (Object.entries(rounded) as [Detail, LevelShapes][]).map(([detail, l]) => [detail, l.refinedRings]),
    ) as Record<Detail, number>,
    nesting,
    pointsOutside,
    gazetteer: { entries: gazetteer.length, withPoint: gazetteer.filter((g) => g.point).length, bySource, towns },
  };
}
