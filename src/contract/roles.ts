/**
 * Who may do what, shared by the service (which refuses) and the client (which sends the admin key a person
 * entered only where it is needed); docs/api-decisions.md, "Keys and roles".
 */

/** A read key reads everything; an admin key may also change the map and read its audit trail. */
export type Role = 'read' | 'admin';

/** What a request may need: reading, or changing the map. */
export type Need = Role;

/**
 * Whether a request changes the map (or reads its audit trail), and so needs an admin key. Decided from the
 * method and path alone, so the HTTP server refuses a read key's write before it reads the body.
 * POST …/search and the geocoder's batch are reads sent as POST.
 */
export function needOf(method: string, pathname: string): Need {
  const path = pathname.replace(/\/+$/, '');
  if (/\/v1\/audit$/.test(path)) return 'admin';
  if (method === 'PATCH' || method === 'DELETE') return 'admin';
  if (method === 'POST' && /\/v1\/(regions|provinces)(\/[^/]+\/restore)?$/.test(path)) return 'admin';
  return 'read';
}
