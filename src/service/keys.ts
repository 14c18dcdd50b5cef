import type { Need } from '../contract/roles.ts';
import { ServiceError } from './errors.ts';

/**
 * Who may do what (issue 31). A read key may read everything (every GET, geocoding, the batch, reverse lookup and
 * the searches sent as POST); an admin key may also change the map: create, reorganize, rename or recode, undo,
 * restore, and read the audit trail.
 */
export type { Role } from '../contract/roles.ts';

import type { Role } from '../contract/roles.ts';

/** The holder of a key, as the audit trail names it: never the key itself. */
export interface Principal {
  /** A stable id: a database key's own id, or `env-…` for a key from the environment (a hash of the key). */
  id: string;
  name: string;
  role: Role;
}

/** Where keys are looked up: a fixed list, the database, or both (src/server/db/key-store.ts). */
export interface KeyRing {
  /** The key's holder, or null for a key not known (or revoked). */
  identify(token: string): Principal | null | Promise<Principal | null>;
}

/**
 * Keys given as lists (API_KEYS, ADMIN_KEYS, a test's): each named by its list and place in it (`ADMIN_KEYS #1`,
 * id `env-admin-1`), so the audit trail says which without holding anything of the key. A key is compared with
 * every key of the lists, each in time that depends on lengths alone, so the time taken says nothing of how
 * much of a key was right. (The service also runs in the browser, where node:crypto's timingSafeEqual is not.)
 */
export function fixedKeyRing(keys: { read?: readonly string[]; admin?: readonly string[] }): KeyRing {
  const entries = [
    ...(keys.admin ?? []).map((key, i) => ({ key, principal: listed('admin', i) })),
    ...(keys.read ?? []).map((key, i) => ({ key, principal: listed('read', i) })),
  ];
  return {
    identify(token) {
      let found: Principal | null = null;
      for (const entry of entries) if (sameText(entry.key, token) && !found) found = entry.principal;
      return found;
    },
  };
}

const listed = (role: Role, index: number): Principal => ({
  id: `env-${role}-${index + 1}`,
  name: `${role === 'admin' ? 'ADMIN_KEYS' : 'API_KEYS'} #${index + 1}`,
  role,
});

/** Whether two strings are equal, looking at every character of the longer whatever the first difference. */
export function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i % (a.length || 1)) | 0) ^ (b.charCodeAt(i % (b.length || 1)) | 0);
  return diff === 0;
}

/** The first ring that knows the key answers: the environment's lists, then the database's keys. */
export const keyRings = (...rings: KeyRing[]): KeyRing => ({
  async identify(token) {
    for (const ring of rings) {
      const found = await ring.identify(token);
      if (found) return found;
    }
    return null;
  },
});

export type { Need } from '../contract/roles.ts';
export { needOf } from '../contract/roles.ts';

const unauthorized = (token: string | undefined) =>
  new ServiceError(
    401,
    'unauthorized',
    token ? 'The API key is not valid' : 'Send an API key as Authorization: Bearer <key>',
  );

export const forbiddenForRole = () =>
  new ServiceError(
    403,
    'forbidden',
    'This is a read key: it may read the map but not change it. Changes need an admin key',
    { role: 'read', needs: 'admin' },
  );

/**
 * The one check of `Authorization: Bearer <key>`: the service runs it on every endpoint, and the HTTP server runs
 * the same before it reads a request's body, so both answer a missing or unknown key 401 and a read key's write
 * 403 `forbidden` alike. Resolves to the key's holder.
 */
export async function authorize(
  authorization: string | null | undefined,
  ring: KeyRing,
  need: Need,
): Promise<Principal> {
  const token = bearerToken(authorization);
  const principal = token ? await ring.identify(token) : null;
  if (!principal) throw unauthorized(token);
  if (need === 'admin' && principal.role !== 'admin') throw forbiddenForRole();
  return principal;
}

/** The key in `Authorization: Bearer <key>`, if the header has that form. */
export const bearerToken = (authorization: string | null | undefined) =>
  authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
