/**
 * What a created unit may not share with the others (docs/api-decisions.md "Creation"): its code with
 * any unit of its kind, a region's name with any region's, a province's name with its region's provinces'. The
 * same refusals for a create, a rename or recode, and a restore; and the built-in units, which none of them
 * changes.
 */
import type { ProvinceEntity } from '../dataset.ts';
import { ServiceError } from '../errors.ts';
import { uniqueNameKey } from '../params.ts';
import type { Places } from '../places.ts';

export const regionCodeTaken = (code: string) =>
  new ServiceError(409, 'duplicate', `A region with code ${code} already exists`, { field: 'code', code });

export const provinceCodeTaken = (code: string) =>
  new ServiceError(409, 'duplicate', `A province with code ${code} already exists`, { field: 'code', code });

export const provinceNameTaken = (region: string, existing: string) =>
  new ServiceError(409, 'duplicate', `${region} already has a province named ${existing}`, { field: 'name' });

/** 403: a unit of the PSGC code list is not changed, only created ones are. */
export const builtIn = (what: string, name: string) =>
  new ServiceError(403, 'forbidden', `${name} is ${what} of the PSGC code list: only created ones can be changed`);

/**
 * A region's code and name against every other region's (all of them, or all but the one being renamed). Two
 * regions of one name could not be told apart in a list.
 */
export function refuseRegionClash(places: Places, code: string, name: string, except?: string) {
  const upper = code.toUpperCase();
  const others = places.regions.filter((r) => r.stringId !== except);
  // a string id is made from the short code (regionStringId), so one compare covers both
  if (others.some((r) => r.shortCode.toUpperCase() === upper)) throw regionCodeTaken(upper);
  const key = uniqueNameKey(name);
  const named = others.find((r) => uniqueNameKey(r.name) === key);
  if (named) {
    throw new ServiceError(409, 'duplicate', `A region named ${named.name} already exists`, {
      field: 'name',
      name: named.name,
    });
  }
}

/** A province's code against every other province's, and its name against its region's. */
export function refuseProvinceClash(
  places: Places,
  code: string,
  name: string,
  owner: { stringId: string; name: string },
  except?: string,
) {
  const upper = code.toUpperCase();
  const others = places.provinces.filter((p) => p.id !== except);
  if (others.some((p) => p.shortCode.toUpperCase() === upper)) throw provinceCodeTaken(upper);
  // compared by id: a created region is a new object on every lookup
  const inRegion = (p: ProvinceEntity) => places.region(p.regionCode)?.stringId === owner.stringId;
  const key = uniqueNameKey(name);
  const duplicateName = others.find((p) => uniqueNameKey(p.name) === key && inRegion(p));
  if (duplicateName) throw provinceNameTaken(owner.name, duplicateName.name);
}
