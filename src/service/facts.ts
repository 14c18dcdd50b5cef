import type { UnitFacts } from '../contract/types.ts';
import type { Unit } from '../dataset/types.ts';

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
