/** A province as an answer names it: its record, and the short reference a town's answer carries. */
import type { Province, ProvinceRef } from '../../contract/types.ts';
import type { ProvinceEntity } from '../dataset.ts';
import type { Places } from '../places.ts';
import { provinceFacts } from './facts.ts';

export function provinceRecord(places: Places, province: ProvinceEntity): Province {
  return {
    id: province.id,
    name: province.name,
    // built-in provinces hold a PSGC region code, created ones a string id: both answer the region's string id
    region_id: places.region(province.regionCode)?.stringId ?? province.regionCode,
    code: province.shortCode,
    psgc_code: province.psgc,
    population: province.population,
    created_at: province.createdAt,
    ...provinceFacts(places, province),
  };
}

export const provinceRef = (province: ProvinceEntity): ProvinceRef => ({
  id: province.numericId,
  code: province.psgc ?? province.shortCode,
  name: province.name,
});
