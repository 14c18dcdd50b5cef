/**
 * `select` functions for the API's envelopes, defined once: React Query runs a stable `select` again only when
 * the data changes, and keeps what it returned between renders (TanStack Query, "select" in useQuery).
 */

import { isPsgcCode } from '../contract/psgc.ts';
import type { Province } from '../contract/types.ts';

/** The `data` of an envelope: a list page's rows, or a detail's record. */
export const dataOf = <T>(envelope: { data: T }): T => envelope.data;

/** The name of a detail's record (a province, a town). */
export const nameOf = (envelope: { data: { name: string } }): string => envelope.data.name;

/**
 * The PSGC codes of a page of provinces, in its order: those with one (normalizeProvince reads either form; a
 * province created through the API has none), and only in the 10-digit form the outline files and searches use.
 */
export const provincePsgcCodes = (page: { data: Province[] }): string[] =>
  page.data.flatMap((p) => (p.psgc_code && isPsgcCode(p.psgc_code) ? [p.psgc_code] : []));
