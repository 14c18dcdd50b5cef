/**
 * Towns as the lists under a province find them (GET /v1/municities, GET /v1/barangays) and as the records have
 * placed them: the province a name refers to, the towns of it a prefix finds, the province listing a town now.
 */
import type { MunicityEntity, ProvinceEntity } from '../dataset.ts';
import { badParam, notFound } from '../errors.ts';
import { foldName, intParam, textParam } from '../params.ts';
import type { Places } from '../places.ts';

/** The province listing a town now (a created one, where the town was moved into it). */
export const provinceOfTown = (places: Places, town: MunicityEntity): ProvinceEntity =>
  places.provinceOfTown(town.unit.code)!;

/**
 * What a list under one province reads: `province` (required, its exact name or an alias, any case; a 404
 * naming it when unknown), `page` and `limit` (10, at most 100), and the towns listed under it whose name starts
 * with the parameter `townParam`, with or without its "City of".
 */
export function townsOfProvince(places: Places, query: URLSearchParams, townParam: string) {
  const provinceName = textParam(query, 'province');
  if (provinceName === null || !provinceName.trim()) throw badParam('province', 'province is required');
  const page = intParam(query, 'page', 1);
  const limit = intParam(query, 'limit', 10, 100);
  const province = places.provinceNamed(provinceName);
  if (!province) throw notFound('province', provinceName.slice(0, 100));
  const prefix = foldName(textParam(query, townParam) ?? '');
  const towns = province.municities
    .map((code) => places.town(code)!)
    .filter((town) => {
      if (!prefix) return true;
      const { name, bare } = places.foldedName(town);
      return name.startsWith(prefix) || bare.startsWith(prefix);
    });
  return { towns, page, limit };
}
