import type { UnitFacts } from '../../contract/types.ts';
import type { Manifest, Unit } from '../../dataset/types.ts';
import type { ProvinceEntity, RegionEntity } from '../dataset.ts';
import type { Places } from '../places.ts';
import { datedDensity, populationFacts } from './population.ts';

/**
 * A unit's extension facts for a record: its counts by census (population.ts), codes, classes, area and density.
 * Data built before land areas were computed has no areaKm2: the fields are then left out rather than sent as null,
 * so "unknown" and "not computed" stay apart.
 */
export function unitFacts(unit: Unit, manifest: Manifest): UnitFacts {
  return datedDensity(manifest, {
    ...populationFacts(manifest, unit, unit.censusNotes),
    correspondence_code: unit.correspondence,
    old_names: unit.oldNames,
    // Only where the list gives one: provinces, cities and municipalities have an income class, barangays a class.
    ...(unit.incomeClass && { income_class: unit.incomeClass }),
    ...(unit.urban !== null && { urban_rural: unit.urban ? ('Urban' as const) : ('Rural' as const) }),
    ...(unit.areaKm2 !== undefined && { area_km2: unit.areaKm2, density: unit.densityPerKm2 ?? null }),
    ...(unit.zipCodes?.length && { zip_codes: unit.zipCodes }),
  });
}

/**
 * A region's facts: its unit's, where it is one of the code list. After a reorganization a created
 * region's land area and counts are its members' summed, and a region that lost some has theirs taken off.
 */
export function regionFacts(places: Places, region: RegionEntity): UnitFacts {
  const { manifest } = places;
  return datedDensity(manifest, { ...regionPlaceFacts(places, region), ...populationFacts(manifest, region) });
}

function regionPlaceFacts(places: Places, region: RegionEntity): UnitFacts {
  if (!region.psgc) {
    const members = places.regionMembers.get(region.stringId) ?? [];
    return members.length
      ? areaFacts(
          members.map((a) => places.unit(a)?.areaKm2),
          region.population,
        )
      : {};
  }
  const unit = places.unit(region.psgc);
  if (!unit) return {};
  const lost = places.lostAreas(region.psgc);
  if (!lost.length || unit.areaKm2 == null) return unitFacts(unit, places.manifest);
  return {
    ...unitFacts(unit, places.manifest),
    ...lessArea(
      unit.areaKm2,
      lost.map((a) => places.unit(a)?.areaKm2),
      region.population,
    ),
  };
}

/** Land area summed (and density) when every part has one; nothing when one is unknown. */
function areaFacts(parts: (number | null | undefined)[], population: number | null): UnitFacts {
  if (!parts.length || parts.some((a) => a == null)) return {};
  const area = Math.round((parts as number[]).reduce((sum, a) => sum + a, 0) * 100) / 100;
  return { area_km2: area, density: densityOf(population, area) };
}

function lessArea(whole: number, lost: (number | null | undefined)[], population: number | null): UnitFacts {
  if (lost.some((a) => a == null)) return { area_km2: null, density: null };
  const area = Math.round((whole - (lost as number[]).reduce((sum, a) => sum + a, 0)) * 100) / 100;
  return { area_km2: area, density: densityOf(population, area) };
}

const densityOf = (population: number | null, area: number) =>
  population != null && area > 0 ? Math.round((population / area) * 10) / 10 : null;

type ProvinceFacts = UnitFacts & { city_count: number; municipality_count: number };

/**
 * A province's facts and what it lists. Metro Manila and the Special Geographic Area are listed as provinces but
 * are no unit of the code list: their land area is their towns' summed, when every town has one. Its counts are
 * the province's own, less what it lent to created provinces.
 */
export function provinceFacts(places: Places, province: ProvinceEntity): ProvinceFacts {
  const { manifest } = places;
  return datedDensity(manifest, { ...provincePlaceFacts(places, province), ...populationFacts(manifest, province) });
}

function provincePlaceFacts(places: Places, province: ProvinceEntity): ProvinceFacts {
  const towns = province.municities.flatMap((code) => places.town(code)?.unit ?? []);
  const counts = {
    city_count: towns.filter((t) => t.level === 'City').length,
    municipality_count: towns.filter((t) => t.level !== 'City').length,
  };
  const unit = province.psgc ? places.unit(province.psgc) : undefined;
  if (unit) {
    const lost = places.lentTowns(unit.code);
    if (!lost.length || unit.areaKm2 == null) return { ...unitFacts(unit, places.manifest), ...counts };
    const less = lessArea(
      unit.areaKm2,
      lost.map((t) => places.unit(t)?.areaKm2),
      province.population,
    );
    return { ...unitFacts(unit, places.manifest), ...less, ...counts };
  }
  const areas = towns.map((t) => t.areaKm2);
  if (!towns.length || areas.some((a) => a == null)) return counts;
  const area = Math.round((areas as number[]).reduce((sum, a) => sum + a, 0) * 100) / 100;
  const density = province.population != null ? Math.round((province.population / area) * 10) / 10 : null;
  return { area_km2: area, density, ...counts };
}
