import { isPsgcCode } from '../../contract/psgc.ts';
import { codeOfId, type IdLevel, idOfCode } from '../../contract/unit-ids.ts';
import type { StepPlaceKey } from './steps/spec.ts';

/** The steps' places whose ids are PSGC digits (unit-ids.ts); any other kind's id is written as it is. */
const coded = (key: StepPlaceKey): key is IdLevel => key === 'region' || key === 'province' || key === 'municity';

/**
 * A step's unit as the link names it: by its PSGC code (ten digits, as the map's features and the API's
 * `psgc_code` carry it), or by the API's id where it has no code (a created region or province, Metro Manila).
 * Ten digits are always a code: no id the API gives has ten digits.
 */
export const linkId = (key: StepPlaceKey, id: string | number): string =>
  (coded(key) && codeOfId(key, id)) || String(id);

/**
 * The API's id of a unit the link names: its code's (unit-ids.ts), or the id itself, as links written before
 * they carried codes (`region=4&province=4010&municity=401001`) and a created unit's name it. A region's code
 * digits typed with their leading zero (07) name the same region as the API's id (7). Ten digits that are no
 * region or province are kept as they are (the API then says it is not found); no town, dropped, as a town's id
 * that is no number is.
 */
export function idIn(key: StepPlaceKey, text: string | undefined): string | undefined {
  if (!text || !coded(key)) return text;
  if (isPsgcCode(text)) return idOfCode(key, text) ?? (key === 'municity' ? undefined : text);
  return key === 'region' ? text.replace(/^0+(?=\d)/, '') : text;
}
