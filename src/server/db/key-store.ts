/**
 * Keys kept in the database (issue 31): issued, listed and revoked with `npm run keys`, stored as a scrypt hash
 * with a salt of their own, never as themselves. A key reads `kap_<id>_<secret>`: the id finds its row, the
 * secret is hashed and compared with the stored hash in constant time.
 *
 * scrypt costs tens of milliseconds on purpose, so a key once checked is remembered by a SHA-256 digest of it
 * for KEY_CACHE_MS; a revocation is announced (NOTIFY kapuluan_keys) and every server listening forgets all it
 * remembered at once, so a revoked key is refused on every replica from then on.
 */
import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { KeyRing, Principal, Role } from '../../service/keys.ts';
import { KEYS_CHANNEL } from './migrations.ts';
import type { Queryable, Sql } from './sql.ts';

/**
 * One of OWASP's equivalent scrypt settings (Password Storage Cheat Sheet): N=2^15, r=8, p=3, 32 MiB a check rather
 * than 2^17's 128 MiB, which matters on a server with a 1 GB heap beside it. The secret is 256 random bits, so no
 * setting is what keeps it from being guessed; the hash keeps a stolen table from being a list of keys.
 */
const SCRYPT: ScryptOptions = { N: 2 ** 15, r: 8, p: 3, maxmem: 64 * 1024 * 1024 };
const HASH_BYTES = 32;
/**
 * How long a checked key is believed without asking the database again. A revocation is heard at once; this only
 * bounds how long one could go unheard (the listening connection is also re-made, and everything forgotten, after
 * any loss).
 */
export const KEY_CACHE_MS = 10 * 60_000;

const KEY_FORM = /^kap_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

const hashOf = (secret: string, salt: Buffer) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, HASH_BYTES, SCRYPT, (error, key) => (error ? reject(error) : resolve(key))),
  );

export interface KeyInfo {
  id: string;
  name: string;
  role: Role;
  createdAt: string;
  revokedAt: string | null;
}

interface KeyRow {
  id: string;
  name: string;
  role: Role;
  salt: Buffer | Uint8Array;
  hash: Buffer | Uint8Array;
  created_at: Date | string;
  revoked_at: Date | string | null;
}

const infoOf = (row: KeyRow): KeyInfo => ({
  id: row.id,
  name: row.name,
  role: row.role,
  createdAt: new Date(row.created_at).toISOString(),
  revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
});

/** A new key: stored hashed, and answered in full once, here; nobody can read it back. */
export async function issueKey(db: Queryable, name: string, role: Role): Promise<KeyInfo & { key: string }> {
  if (!name.trim()) throw new Error('A key needs a name (--name "…"): who or what holds it');
  if (role !== 'read' && role !== 'admin') throw new Error('--role must be read or admin');
  const id = randomBytes(8).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  const salt = randomBytes(16);
  const hash = await hashOf(secret, salt);
  const [row] = await db.query<KeyRow>(
    `insert into api_keys (id, name, role, salt, hash) values ($1, $2, $3, $4, $5)
     returning id, name, role, salt, hash, created_at, revoked_at`,
    [id, name.trim(), role, salt, hash],
  );
  return { ...infoOf(row), key: `kap_${id}_${secret}` };
}

export async function listKeys(db: Queryable): Promise<KeyInfo[]> {
  const rows = await db.query<KeyRow>(
    'select id, name, role, salt, hash, created_at, revoked_at from api_keys order by created_at, id',
  );
  return rows.map(infoOf);
}

/** Revokes a key and tells every server; false if there is no such key, or it was revoked already. */
export async function revokeKey(sql: Sql, id: string): Promise<boolean> {
  return sql.transaction(async (tx) => {
    const rows = await tx.query(
      'update api_keys set revoked_at = now() where id = $1 and revoked_at is null returning id',
      [id],
    );
    if (rows.length) await tx.query('select pg_notify($1, $2)', [KEYS_CHANNEL, id]);
    return rows.length > 0;
  });
}

/** Whether any key is kept and not revoked (a server beyond loopback needs one, or keys in its environment). */
export async function hasKeys(db: Queryable): Promise<boolean> {
  const rows = await db.query('select 1 from api_keys where revoked_at is null limit 1');
  return rows.length > 0;
}

/** The database's keys as a KeyRing, remembering what it checked until a revocation is heard. */
export function databaseKeyRing(sql: Sql, now = () => Date.now()): KeyRing & { watch(): Promise<() => Promise<void>> } {
  const known = new Map<string, { principal: Principal; until: number }>();
  // A view's first requests come together: one check of a key, however many ask at once.
  const checking = new Map<string, Promise<Principal | null>>();
  let era = 0;
  const forget = () => {
    known.clear();
    checking.clear();
    era++;
  };
  const check = async (id: string, secret: string, digest: string, since: number) => {
    const [row] = await sql.query<KeyRow>(
      'select id, name, role, salt, hash, created_at, revoked_at from api_keys where id = $1 and revoked_at is null',
      [id],
    );
    if (!row) return null;
    const hash = await hashOf(secret, Buffer.from(row.salt));
    if (!timingSafeEqual(hash, Buffer.from(row.hash))) return null;
    const principal: Principal = { id: row.id, name: row.name, role: row.role };
    // Not remembered if a revocation was heard while it was checked: the next request asks again.
    if (era === since) known.set(digest, { principal, until: now() + KEY_CACHE_MS });
    return principal;
  };
  return {
    async identify(token) {
      const form = KEY_FORM.exec(token);
      if (!form) return null;
      const digest = createHash('sha256').update(token).digest('base64');
      const remembered = known.get(digest);
      if (remembered && remembered.until > now()) return remembered.principal;
      known.delete(digest);
      let pending = checking.get(digest);
      if (!pending) {
        pending = check(form[1], form[2], digest, era).finally(() => checking.delete(digest));
        checking.set(digest, pending);
      }
      return pending;
    },
    // Any revocation, or a listening connection lost (one may have been missed), forgets every key checked.
    watch: () => sql.listen(KEYS_CHANNEL, forget, forget),
  };
}
