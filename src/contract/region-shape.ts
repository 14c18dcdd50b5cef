/**
 * The one place that tells a region's two wire shapes apart (types.ts), so no caller sniffs `'short_code' in region`
 * itself:
 * - numeric (lists and details by default): `id` a number, `code` the PSGC code, or a created region's short code
 *   since it has no PSGC code, with the extensions `short_code` and `string_id`;
 * - string (a creation's answer, and lists when the service runs in that shape): `id` the string id, `code` the
 *   short code, `psgc_code` the PSGC code or null.
 * The live service's regions are the numeric shape without the extensions (`{ id, name, code }`), so what a field
 * holds is read from the fields present, never from the type of `id`.
 */
import { isPsgcCode } from './psgc.ts';
import type { Region } from './types.ts';

/** The short code (NCR, IVA, a created region's own); where a server gives none, the code it gives. */
export const regionShortCode = (region: Region): string => ('short_code' in region ? region.short_code : region.code);

/** The 10-digit PSGC code; null for a created region, which has none. */
export function regionPsgcCode(region: Region): string | null {
  if ('psgc_code' in region) return region.psgc_code ?? null;
  return isPsgcCode(region.code) ? region.code : null;
}

/**
 * The string id (`region-ncr`, a created region's), which a province's `region_id` refers to in ours; undefined
 * where a server gives none (the live service, whose provinces refer to their region by its PSGC code).
 */
export function regionStringId(region: Region): string | undefined {
  if ('string_id' in region) return region.string_id;
  return typeof region.id === 'string' ? region.id : undefined;
}
