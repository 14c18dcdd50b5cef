import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import type { GazetteerEntry, Hierarchy, Unit } from '../dataset/types.ts';
import type { Member } from './clusters.ts';
import { dissolveGroups, type Shape } from './geometry.ts';
import { chainOf, isArea, isMunicity, municityFinder } from './hierarchy.ts';
import { labelPoint } from './label-point.ts';
import type { LevelShapes } from './levels.ts';
import { barangaysAround, shorePoint } from './shore-point.ts';
import { clusterPoint, type TownBarangay, type TownCentre, townCentre } from './town-point.ts';

type Placed = { point: [number, number]; source: GazetteerEntry['pointSource'] };

/**
 * Each city's and municipality's town proper (town-point.ts), by town code: the rule that found it and its
 * point. The unions of the clusters are dissolved in one mapshaper run.
 */
async function townPoints(
  units: Unit[],
  barangayShapes: Map<string, Shape>,
  land: Shape[],
): Promise<Map<string, Placed>> {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const municityOf = municityFinder(byCode);
  const barangays = new Map<string, TownBarangay[]>();
  for (const u of units) {
    if (u.level !== 'Bgy') continue;
    const town = municityOf(u.code);
    const list = barangays.get(town) ?? [];
    const { code, name, poblacion, urban } = u;
    // Weighed by the 2020 census, which classed them urban or rural; a barangay new since, by its own count.
    const population = u.census[2020] ?? u.population;
    list.push({ code, name, poblacion, urban, shape: barangayShapes.get(code), population });
    barangays.set(town, list);
  }
  const centres = new Map<string, TownCentre>();
  for (const unit of units) {
    if (unit.level === 'City' || unit.level === 'Mun')
      centres.set(unit.code, townCentre(unit.name, barangays.get(unit.code) ?? []));
  }
  const unions = await dissolveGroups(
    new Map(
      [...centres].filter(([, c]) => c.cluster.length > 1).map(([code, c]) => [code, c.cluster.map((m) => m.shape)]),
    ),
  );
  // Every barangay with a polygon, of any town: a poblacion's neighbours and the sea beside it (shore-point.ts).
  const all: Member[] = [];
  for (const list of barangays.values())
    for (const b of list) if (b.shape) all.push({ code: b.code, shape: b.shape, population: b.population });
  // Land no barangay covers is land, not sea, beside a poblacion (Adams, by the hole between Ilocos Norte and Apayao).
  land.forEach((shape, i) => {
    all.push({ code: `no-barangay-${i}`, shape, population: 0 });
  });
  const around = barangaysAround(all);
  const points = new Map<string, Placed>();
  for (const [code, { rule, cluster }] of centres) {
    if (!cluster.length) continue;
    const point = clusterPoint(cluster, unions.get(code));
    const holder = rule === 'urban' ? undefined : cluster.find((m) => booleanPointInPolygon(point, m.shape));
    const shore = holder && shorePoint(point, holder, around(holder));
    points.set(code, { point: shore ?? point, source: rule });
  }
  return points;
}

/**
 * One entry per unit with a point inside it: a city's or municipality's point is its town proper (the rules in
 * town-point.ts, on the shore by shore-point.ts), a province's its capital's; every other unit's is its label
 * point. `noBarangayLand` (no-barangay.ts, at `detailed`) is land the shore rule must not take for the sea.
 */
export async function buildGazetteer(
  units: Unit[],
  hierarchy: Hierarchy,
  shapes: LevelShapes,
  noBarangayLand: Shape[] = [],
): Promise<GazetteerEntry[]> {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const points = await townPoints(units, shapes.barangays, noBarangayLand);
  const shapeOf = (unit: Unit): Shape | undefined => {
    if (unit.level === 'Bgy') return shapes.barangays.get(unit.code);
    if (unit.level === 'Reg') return shapes.regions.get(unit.code);
    if (isArea(unit)) return shapes.provinces.get(unit.code);
    if (isMunicity(unit)) return shapes.municities.get(unit.code);
    return undefined;
  };

  for (const unit of units) {
    const shape = points.has(unit.code) ? undefined : shapeOf(unit);
    if (shape) points.set(unit.code, { point: labelPoint(shape), source: 'label' });
  }
  // Sub-municipalities (Manila's districts) have no polygon of their own: take the point of their barangay
  // nearest the mean of their barangays' points, which lies inside the district.
  const children = new Map<string, [number, number][]>();
  for (const unit of units) {
    const p = points.get(unit.code);
    if (unit.level === 'Bgy' && unit.parent && p)
      children.set(unit.parent, [...(children.get(unit.parent) ?? []), p.point]);
  }
  for (const unit of units) {
    const pts = children.get(unit.code);
    if (unit.level !== 'SubMun' || !pts) continue;
    const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const my = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    const nearest = pts.reduce((a, b) =>
      (a[0] - mx) ** 2 + (a[1] - my) ** 2 <= (b[0] - mx) ** 2 + (b[1] - my) ** 2 ? a : b,
    );
    points.set(unit.code, { point: nearest, source: 'label' });
  }
  // Provinces: their capital's point. A capital that is an independent city (Cagayan de Oro for Misamis
  // Oriental) belongs to its province geographically.
  for (const unit of units) {
    if (!unit.capital || !isMunicity(unit)) continue;
    const province = hierarchy.geoProvince[unit.code] ?? unit.parent;
    const p = points.get(unit.code);
    if (province && byCode.get(province)?.level === 'Prov' && p)
      points.set(province, { point: p.point, source: 'capital' });
  }

  // Units with no polygon (8 barangays in 4Q 2023) take their parent's point, and say so.
  const pointOf = (unit: Unit): Placed | undefined => {
    const own = points.get(unit.code);
    if (own) return own;
    const parent = unit.parent ? byCode.get(unit.parent) : undefined;
    const inherited = parent && pointOf(parent);
    return inherited && { point: inherited.point, source: 'parent' };
  };
  return units.map((unit) => {
    const p = pointOf(unit);
    return {
      code: unit.code,
      name: unit.name,
      level: unit.level,
      point: p?.point ?? null,
      pointSource: p?.source ?? 'none',
      chain: chainOf(unit, byCode),
      population: unit.population,
      oldNames: unit.oldNames,
    };
  });
}
