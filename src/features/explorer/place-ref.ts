import { isPsgcCode } from '../../contract/psgc.ts';
import { idIn, linkId } from './link-ids.ts';

/**
 * A place of any level by the explorer's ids down to it, as the link names a step: a region's id, then its
 * province's, its town's and a barangay's code. A barangay keeps its town's id, which its facts and outline are
 * read from (a barangay of Manila's districts is listed under Manila, not under its code's district).
 */
export interface PlaceRef {
  region: string;
  province?: string;
  municity?: number;
  barangay?: string;
}

/** What a place is, by the deepest id it holds. */
export type PlaceKind = 'region' | 'province' | 'municity' | 'barangay';

export function kindOf(place: PlaceRef): PlaceKind {
  if (place.barangay) return 'barangay';
  if (place.municity !== undefined) return 'municity';
  return place.province ? 'province' : 'region';
}

/**
 * A place as the link writes it: its units down to it joined by `/`, each as a step is named (link-ids.ts):
 * `0400000000/0401000000/0401001000/0401001006`.
 */
export const placeText = (place: PlaceRef): string =>
  [
    linkId('region', place.region),
    place.province && linkId('province', place.province),
    place.municity !== undefined && linkId('municity', place.municity),
    place.barangay,
  ]
    .filter((id) => typeof id === 'string')
    .join('/');

export const samePlace = (a: PlaceRef, b: PlaceRef) => placeText(a) === placeText(b);

/** A place from the link's text; undefined where it names none (an empty id, a town id that is no number…). */
export function parsePlace(text: string): PlaceRef | undefined {
  const [region, province, municity, barangay, ...rest] = text.split('/').map((id) => id.trim());
  if (rest.length > 0 || !region) return undefined;
  // Each unit by its code, or by its id as older links and a created unit name it (link-ids.ts).
  const place: PlaceRef = { region: idIn('region', region) ?? '' };
  if (province === undefined) return place;
  if (!province) return undefined;
  place.province = idIn('province', province);
  if (municity === undefined) return place;
  const town = Number(idIn('municity', municity));
  if (!Number.isInteger(town) || town <= 0) return undefined;
  place.municity = town;
  if (barangay === undefined) return place;
  if (!isPsgcCode(barangay)) return undefined;
  place.barangay = barangay;
  return place;
}
