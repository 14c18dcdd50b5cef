/**
 * `select` functions for the API's envelopes, defined once: React Query runs a stable `select` again only when
 * the data changes, and keeps what it returned between renders (TanStack Query, "select" in useQuery).
 */

/** The `data` of an envelope: a list page's rows, or a detail's record. */
export const dataOf = <T>(envelope: { data: T }): T => envelope.data;

/** The name of a detail's record (a province, a town). */
export const nameOf = (envelope: { data: { name: string } }): string => envelope.data.name;
