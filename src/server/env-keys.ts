/**
 * The keys of API_KEYS and ADMIN_KEYS, each named by a digest of the key itself: its id (`env-` and 16 hex digits)
 * and name (`API_KEYS 1a2b3c4d`) are the same on every replica and after any reordering of the lists, and a key
 * dropped from a list never hands its id to the next one (they were named by their place: the documented rotation
 * gave one person's audit id to another). The digest says nothing usable of a key of 32 random characters or more,
 * which a server beyond loopback requires (start-config.ts).
 */
import { createHash } from 'node:crypto';
import { fixedKeyRing, type KeyEntry, type KeyRing, type Role } from '../service/keys.ts';

/** The id the audit trail gives a key of the environment. */
export const envKeyId = (key: string) =>
  `env-${createHash('sha256').update('kapuluan env key\0').update(key).digest('hex').slice(0, 16)}`;

export function envKeyRing(keys: { read?: readonly string[]; admin?: readonly string[] }): KeyRing {
  const entry =
    (role: Role, list: string) =>
    (key: string): KeyEntry => {
      const id = envKeyId(key);
      return { key, principal: { id, name: `${list} ${id.slice(4, 12)}`, role } };
    };
  // A key in both lists is an admin key: the first entry that matches answers.
  return fixedKeyRing([
    ...(keys.admin ?? []).map(entry('admin', 'ADMIN_KEYS')),
    ...(keys.read ?? []).map(entry('read', 'API_KEYS')),
  ]);
}
