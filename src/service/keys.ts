import type { Need } from '../contract/roles.ts';
import { ServiceError } from './errors.ts';

/**
 * Who may do what. A read key may read everything (every GET, geocoding, the batch, reverse lookup and
 * the searches sent as POST); an admin key may also change the map: create, reorganize, rename or recode, undo,
 * restore, and read the audit trail.
 */
export type { Role } from '../contract/roles.ts';

import type { Role } from '../contract/roles.ts';

/** The holder of a key, as the audit trail names it: never the key itself. */
export interface Principal {
  /**
   * A stable id: a database key's own id, `env-…` for a key from the environment (a digest of the key, whatever
   * its place in the list), `local` for the keys of a plain list.
   */
  id: string;
  name: string;
  role: Role;
}

/** Where keys are looked up: a fixed list, the database, or both (src/server/db/key-store.ts). */
/** Who sent a key: the client's address, by which a ring may throttle the checks of keys it does not know yet. */
export interface KeyFrom {
  client?: string;
}

export interface KeyRing {
  /**
   * The key's holder, or null for a key not known (or revoked). May throw a ServiceError: too many keys checked
   * for this client (429), or at once (503).
   */
  identify(token: string, from?: KeyFrom): Principal | null | Promise<Principal | null>;
}

/** A key and who holds it, as a fixed ring knows them. */
export interface KeyEntry {
  key: string;
  principal: Principal;
}

/**
 * Keys given as a fixed list, each with its holder (the server names the keys of API_KEYS and ADMIN_KEYS by a
 * digest of each, src/server/env-keys.ts). A key is compared with every key of the list, each in time that depends
 * on lengths alone, so the time taken says nothing of how much of a key was right. (The service also runs in the
 * browser, where node:crypto's timingSafeEqual is not.)
 */
export function fixedKeyRing(entries: readonly KeyEntry[]): KeyRing {
  return {
    identify(token) {
      let found: Principal | null = null;
      for (const entry of entries) if (sameText(entry.key, token) && !found) found = entry.principal;
      return found;
    },
  };
}

/** Whoever holds a key of a plain list: the built-in service's development key, or a test's keys. */
export const LOCAL_KEY: Principal = { id: 'local', name: 'Local key', role: 'admin' };

/** Keys that may do everything, all held by LOCAL_KEY: the built-in service, which is local and open, and tests. */
export const openKeyRing = (keys: readonly string[]): KeyRing =>
  fixedKeyRing(keys.map((key) => ({ key, principal: LOCAL_KEY })));

/** Whether two strings are equal, looking at every character of the longer whatever the first difference. */
export function sameText(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a.charCodeAt(i % (a.length || 1)) | 0) ^ (b.charCodeAt(i % (b.length || 1)) | 0);
  return diff === 0;
}

/** The first ring that knows the key answers: the environment's lists, then the database's keys. */
export const keyRings = (...rings: KeyRing[]): KeyRing => ({
  async identify(token, from) {
    for (const ring of rings) {
      const found = await ring.identify(token, from);
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
  from?: KeyFrom,
): Promise<Principal> {
  const token = bearerToken(authorization);
  const principal = token ? await ring.identify(token, from) : null;
  if (!principal) throw unauthorized(token);
  if (need === 'admin' && principal.role !== 'admin') throw forbiddenForRole();
  return principal;
}

/** The key in `Authorization: Bearer <key>`, if the header has that form. */
export const bearerToken = (authorization: string | null | undefined) =>
  authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
