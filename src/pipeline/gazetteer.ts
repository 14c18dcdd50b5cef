import type { Position } from 'geojson';
import polylabel from 'polylabel';
import type { GazetteerEntry, Hierarchy, Unit } from '../dataset/types.ts';
import type { Shape } from './geometry.ts';
import { chainOf, isArea, isMunicity } from './hierarchy.ts';
import type { LevelShapes } from './levels.ts';
import { ringArea2 } from './round.ts';

/** The pole of inaccessibility of the shape's largest part: a point well inside the polygon. */
export function labelPoint(shape: Shape): [number, number] {
  const parts = shape.type === 'Polygon' ? [shape.coordinates] : shape.coordinates;
  let best = parts[0];
  for (const part of parts) if (Math.abs(ringArea2(part[0])) > Math.abs(ringArea2(best[0]))) best = part;
  const xs = best[0].map((p: Position) => p[0]);
  const ys = best[0].map((p: Position) => p[1]);
  const size = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const [x, y] = polylabel(best as [number, number][][], Math.max(size / 500, 1e-6));
  return [Math.round(x * 1e5) / 1e5, Math.round(y * 1e5) / 1e5];
}

/**
 * One entry per unit with a point inside it: a city's or municipality's point is the centre of its poblacion
 * barangays where the code list flags them; a province's is its capital's; every other unit's is its label point.
 */
export function buildGazetteer(
  units: Unit[],
  hierarchy: Hierarchy,
  shapes: LevelShapes,
  poblacion: Map<string, Shape>,
): GazetteerEntry[] {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const points = new Map<string, { point: [number, number]; source: GazetteerEntry['pointSource'] }>();
  const shapeOf = (unit: Unit): Shape | undefined => {
    if (unit.level === 'Bgy') return shapes.barangays.get(unit.code);
    if (unit.level === 'Reg') return shapes.regions.get(unit.code);
    if (isArea(unit)) return shapes.provinces.get(unit.code);
    if (isMunicity(unit)) return shapes.municities.get(unit.code);
    return undefined;
  };

  for (const unit of units) {
    const pob = isMunicity(unit) ? poblacion.get(unit.code) : undefined;
    const shape = pob ?? shapeOf(unit);
    if (shape) points.set(unit.code, { point: labelPoint(shape), source: pob ? 'poblacion' : 'label' });
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
  const pointOf = (unit: Unit): { point: [number, number]; source: GazetteerEntry['pointSource'] } | undefined => {
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
      population: unit.population2020,
      oldNames: unit.oldNames,
    };
  });
}
