import type { UnitFacts } from '../contract/types.ts';
import type { Unit } from '../dataset/types.ts';
import type { ServiceContext } from './context.ts';
import type { ProvinceEntity, RegionEntity } from './dataset.ts';

/**
 * A unit's extension facts for a record. Data built before land areas were computed has no areaKm2: the
 * fields are then left out rather than sent as null, so "unknown" and "not computed" stay apart.
 */
export function unitFacts(unit: Unit): UnitFacts {
  return {
    correspondence_code: unit.correspondence,
    old_names: unit.oldNames,
    ...(unit.areaKm2 !== undefined && { area_km2: unit.areaKm2, density: unit.densityPerKm2 ?? null }),
  };
}

/** A region's facts: its unit's, where it is one of the code list (a created region has none yet). */
export function regionFacts(ctx: ServiceContext, region: RegionEntity): UnitFacts {
  const unit = region.psgc ? ctx.data.byCode.get(region.psgc) : undefined;
  return unit ? unitFacts(unit) : {};
}

/**
 * A province's facts and what it lists. Metro Manila and the Special Geographic Area are listed as provinces but
 * are no unit of the code list: their land area is their towns' summed, when every town has one.
 */
export function provinceFacts(
  ctx: ServiceContext,
  province: ProvinceEntity,
): UnitFacts & {
  city_count: number;
  municipality_count: number;
} {
  const towns = province.municities.flatMap((code) => ctx.data.municities.get(code)?.unit ?? []);
  const counts = {
    city_count: towns.filter((t) => t.level === 'City').length,
    municipality_count: towns.filter((t) => t.level !== 'City').length,
  };
  const unit = province.psgc ? ctx.data.byCode.get(province.psgc) : undefined;
  if (unit) return { ...unitFacts(unit), ...counts };
  const areas = towns.map((t) => t.areaKm2);
  if (!towns.length || areas.some((a) => a == null)) return counts;
  const area = Math.round((areas as number[]).reduce((sum, a) => sum + a, 0) * 100) / 100;
  const density = province.population != null ? Math.round((province.population / area) * 10) / 10 : null;
  return { area_km2: area, density, ...counts };
}
