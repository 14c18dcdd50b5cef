import type { CodeIndex, Hierarchy, Unit, UnitsIndex } from '../dataset/types.ts';
import type { Grouping } from './psgc.ts';

/** PSGC layout RR PPP MM BBB. */
export const regionOf = (code: string) => `${code.slice(0, 2)}00000000`;
export const provinceSlotOf = (code: string) => `${code.slice(0, 5)}00000`;
export const municitySlotOf = (code: string) => `${code.slice(0, 7)}000`;

export const SGA_CODE = '1999900000';
const isNcr = (code: string) => code.startsWith('13');

/** A unit the list does not describe beyond its place: no classes, population or flags. */
export const bareUnit = (
  code: string,
  name: string,
  level: Unit['level'],
  parent: string | null,
  correspondence: string | null,
): Unit => ({
  code,
  name,
  level,
  parent,
  correspondence,
  oldNames: [],
  cityClass: null,
  incomeClass: null,
  population: null,
  census: {},
  urban: null,
  poblacion: false,
  capital: false,
});

/**
 * Sets each unit's administrative parent, in place, and returns the grouping units the map needs
 * (the Special Geographic Area, which the list names but does not count as a unit).
 *
 * - Province, NCR district: the region.
 * - City or municipality: its province when its province slot is a province; in NCR its district (found by
 *   the correspondence code, as the 4Q 2023 list gives districts no 10-digit code), or the region when the
 *   vintage has no districts; in the SGA the SGA; otherwise (HUCs, Isabela City) the region.
 * - Sub-municipality: its city (Manila). SGU: the SGA.
 * - Barangay: the city, municipality, sub-municipality or SGU in its slot.
 */
export function assignParents(units: Unit[], groupings: Grouping[]): Unit[] {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const districtsByCorrespondence = new Map(
    units.filter((u) => u.level === 'Dist' && u.correspondence).map((u) => [u.correspondence!.slice(0, 4), u.code]),
  );
  const sga = groupings.find((g) => g.code === SGA_CODE);
  const extra: Unit[] = [];
  if (sga && units.some((u) => u.code.startsWith('19999'))) {
    // Its row gives no level but may give its count (3Q 2025: 214,703 in 2024).
    extra.push({ ...bareUnit(sga.code, sga.name, 'SGA', regionOf(sga.code), null), ...sga.population });
  }
  const isLevel = (code: string, ...levels: Unit['level'][]) => {
    const unit = byCode.get(code);
    return unit !== undefined && levels.includes(unit.level);
  };

  for (const unit of units) {
    const { code } = unit;
    switch (unit.level) {
      case 'Reg':
        unit.parent = null;
        break;
      case 'Prov':
      case 'Dist':
        unit.parent = regionOf(code);
        break;
      case 'City':
      case 'Mun': {
        const slot = provinceSlotOf(code);
        if (isLevel(slot, 'Prov')) unit.parent = slot;
        else if (isNcr(code))
          unit.parent = districtsByCorrespondence.get(unit.correspondence?.slice(0, 4) ?? '') ?? regionOf(code);
        else if (code.startsWith('19999') && extra.length) unit.parent = SGA_CODE;
        else unit.parent = regionOf(code);
        break;
      }
      case 'SubMun':
        unit.parent = provinceSlotOf(code);
        break;
      case 'SGU':
        unit.parent = extra.length ? SGA_CODE : regionOf(code);
        break;
      case 'Bgy':
        unit.parent = municitySlotOf(code);
        break;
      case 'SGA':
        break;
    }
  }
  return extra;
}

/** Units whose polygons are drawn at the city/municipality level. */
export const isMunicity = (u: Unit) => u.level === 'City' || u.level === 'Mun' || u.level === 'SGU';
/** Units drawn at the province level. */
export const isArea = (u: Unit) =>
  u.level === 'Prov' || u.level === 'Dist' || u.level === 'SGA' || (isMunicity(u) && u.parent === regionOf(u.code));

/**
 * The map hierarchy: every city, municipality, sub-municipality and barangay is drawn under one
 * province-level area (a province, NCR district, the SGA, or an independent city that is its own area).
 * Independent cities also get the province they lie in geographically, from the first four digits of their
 * correspondence code (Davao City 112402000 → Davao del Sur 112400000), which the API uses to list them.
 */
export function buildHierarchy(units: Unit[]): Hierarchy {
  const byCode = new Map(units.map((u) => [u.code, u]));
  const area: Record<string, string> = {};
  const areaOf = (unit: Unit): string | undefined => {
    if (isArea(unit)) return unit.code;
    if (area[unit.code]) return area[unit.code];
    const parent = unit.parent ? byCode.get(unit.parent) : undefined;
    const found = parent ? areaOf(parent) : undefined;
    if (found) area[unit.code] = found;
    return found;
  };
  for (const unit of units) if (unit.level !== 'Reg') areaOf(unit);

  const provincesByCorrespondence = new Map(
    units.filter((u) => u.level === 'Prov' && u.correspondence).map((u) => [u.correspondence!.slice(0, 4), u.code]),
  );
  const geoProvince: Record<string, string> = {};
  for (const unit of units) {
    if (!isMunicity(unit) || !isArea(unit) || isNcr(unit.code) || !unit.correspondence) continue;
    const province = provincesByCorrespondence.get(unit.correspondence.slice(0, 4));
    if (province) geoProvince[unit.code] = province;
  }
  return { area, geoProvince };
}

/** The city, municipality or SGU a unit lies in (itself for one of those), through Manila's districts. */
export function municityFinder(byCode: Map<string, Unit>) {
  return (code: string): string => {
    let unit = byCode.get(code);
    while (unit && !isMunicity(unit)) unit = unit.parent ? byCode.get(unit.parent) : undefined;
    if (!unit) throw new Error(`${code} has no city or municipality above it`);
    return unit.code;
  };
}

/** The unit's ancestors from its region down to its parent. */
export function chainOf(unit: Unit, byCode: Map<string, Unit>): string[] {
  const chain: string[] = [];
  let parent = unit.parent ? byCode.get(unit.parent) : undefined;
  while (parent) {
    chain.unshift(parent.code);
    parent = parent.parent ? byCode.get(parent.parent) : undefined;
  }
  return chain;
}

/**
 * The code list as the browser's service reads it: everything above the barangays in one index (with its part of
 * the hierarchy), and the barangays by city or municipality (Manila's through its districts), so opening a town
 * reads its few kilobytes, not the whole list.
 */
export function splitUnits(units: Unit[], hierarchy: Hierarchy): { index: UnitsIndex; barangays: Map<string, Unit[]> } {
  const townOf = municityFinder(new Map(units.map((u) => [u.code, u])));
  const index: UnitsIndex = { units: [], hierarchy: { area: {}, geoProvince: hierarchy.geoProvince } };
  // Every town has its file, an empty one where the list gives it no barangay.
  const barangays = new Map<string, Unit[]>(units.filter(isMunicity).map((u) => [u.code, []]));
  for (const unit of units) {
    if (unit.level === 'Bgy') {
      const town = townOf(unit.code);
      const list = barangays.get(town);
      if (list) list.push(unit);
      else barangays.set(town, [unit]);
      continue;
    }
    index.units.push(unit);
    const area = hierarchy.area[unit.code];
    if (area) index.hierarchy.area[unit.code] = area;
  }
  return { index, barangays };
}

/**
 * The code list as joining a user's table by code reads it (dataPaths.codes): every unit's code, level and
 * correspondence code, a few hundred kilobytes where units.json is megabytes, and the province-level areas.
 */
export function codeIndexOf(units: Unit[], vintage: string): CodeIndex {
  return {
    vintage,
    units: units.map((u) => [u.code, u.level, u.correspondence]),
    areas: units.filter(isArea).map((u) => u.code),
  };
}
