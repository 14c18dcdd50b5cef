/**
 * The units as the service knows them: regions, provinces and towns of the code list, and the created regions and
 * provinces as the read model (src/service/places.ts) adds them.
 */

import { idNumberIn } from '../contract/unit-ids.ts';
import type { Census, Unit } from '../dataset/types.ts';

/** A region as the service knows it, built-in or created. */
export interface RegionEntity {
  numericId: number;
  stringId: string;
  name: string;
  shortCode: string;
  /** 10-digit PSGC code; null for a created region. */
  psgc: string | null;
  /** Its latest census count, and each census's (a created region's: its members' summed). */
  population: number | null;
  census: Census;
  /** When it was created through the API; null for the units of the code list. */
  createdAt: string | null;
}

/**
 * A province as the API lists it. Besides the 82 provinces, NCR's cities are listed under "Metro Manila" and
 * the Special Geographic Area's towns under "Special Geographic Area", so every town is reachable through
 * /v1/provinces and /v1/municities.
 */
export interface ProvinceEntity {
  numericId: number;
  id: string;
  name: string;
  regionCode: string;
  shortCode: string;
  psgc: string | null;
  /** Its latest census count, and each census's (a created province's: its towns' summed). */
  population: number | null;
  census: Census;
  /** Other names accepted by /v1/municities?province= (Metro Manila: NCR, National Capital Region). */
  aliases: string[];
  /** Cities and municipalities listed under it, independent cities lying in it included. */
  municities: string[];
  /** Province-level areas whose polygon files hold those towns. */
  areas: string[];
  /** When it was created through the API; null for the units of the code list. */
  createdAt: string | null;
}

export interface MunicityEntity {
  numericId: number;
  unit: Unit;
  /** The API province it is listed under. */
  province: string;
  /** The province-level area whose polygon file holds it. */
  area: string;
  independent: boolean;
}

/** A region's numeric id: the first two digits of its PSGC code. */
export const regionNumericId = (psgc: string) => idNumberIn('region', psgc);
/** A region's string id, from its short code. */
export const regionStringId = (shortCode: string) => `region-${shortCode.toLowerCase()}`;
