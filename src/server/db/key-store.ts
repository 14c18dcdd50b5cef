/**
 * Keys kept in the database: issued, listed and revoked with `npm run keys`, stored as a keyed hash with a salt of
 * their own, never as themselves. A key reads `kap_<id>_<secret>`: the id finds its row, the secret is hashed and
 * compared with the stored hash in constant time. Which requests may check a key, and how often, is
 * src/server/key-checks.ts's.
 *
 * The secret is 256 random bits, made here, never chosen by a person: no hash's slowness is what keeps it from
 * being guessed, only what keeps a stolen table from being read back. HMAC-SHA256 under the key's own salt does
 * that in a microsecond. Keys issued before were hashed with scrypt (N=2^15, r=8, p=3: 32 MiB and tens of
 * milliseconds a check); such a key is checked with scrypt once, and hashed anew.
 */
import { createHmac, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import type { Principal, Role } from '../../service/keys.ts';
import { KEYS_CHANNEL } from './migrations.ts';
import type { Queryable, Sql } from './sql.ts';

const SCRYPT: ScryptOptions = { N: 2 ** 15, r: 8, p: 3, maxmem: 64 * 1024 * 1024 };
const HASH_BYTES = 32;

export const KEY_FORM = /^kap_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export type HashScheme = 'hmac-sha256' | 'scrypt';

const hmacOf = (secret: string, salt: Buffer) => createHmac('sha256', salt).update(secret).digest();
export const scryptOf = (secret: string, salt: Buffer) =>
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

/** A key's row as a check reads it. */
export interface KeyRow {
  id: string;
  name: string;
  role: Role;
  salt: Buffer | Uint8Array;
  hash: Buffer | Uint8Array;
  scheme: HashScheme;
  created_at: Date | string;
  revoked_at: Date | string | null;
}

const COLUMNS = 'id, name, role, salt, hash, scheme, created_at, revoked_at';

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
  const [row] = await db.query<KeyRow>(
    `insert into api_keys (id, name, role, salt, hash, scheme) values ($1, $2, $3, $4, $5, 'hmac-sha256')
     returning ${COLUMNS}`,
    [id, name.trim(), role, salt, hmacOf(secret, salt)],
  );
  return { ...infoOf(row), key: `kap_${id}_${secret}` };
}

export async function listKeys(db: Queryable): Promise<KeyInfo[]> {
  const rows = await db.query<KeyRow>(`select ${COLUMNS} from api_keys order by created_at, id`);
  return rows.map(infoOf);
}

/** The row of a key not revoked, or null. */
export async function activeKey(db: Queryable, id: string): Promise<KeyRow | null> {
  const [row] = await db.query<KeyRow>(`select ${COLUMNS} from api_keys where id = $1 and revoked_at is null`, [id]);
  return row ?? null;
}

/**
 * Whether `secret` is the row's: by its scheme. A match on a scrypt hash is hashed anew with HMAC-SHA256 (unless
 * another server did it first), so the next check of that key costs a microsecond too.
 */
export async function secretMatches(db: Queryable, row: KeyRow, secret: string): Promise<boolean> {
  const salt = Buffer.from(row.salt);
  const stored = Buffer.from(row.hash);
  if (row.scheme !== 'scrypt') return timingSafeEqual(hmacOf(secret, salt), stored);
  if (!timingSafeEqual(await scryptOf(secret, salt), stored)) return false;
  await db
    .query(`update api_keys set scheme = 'hmac-sha256', hash = $2 where id = $1 and scheme = 'scrypt'`, [
      row.id,
      hmacOf(secret, salt),
    ])
    .catch((error: Error) => console.error(`[kapuluan keys] could not hash key ${row.id} anew:`, error.message));
  return true;
}

export const principalOf = (row: KeyRow): Principal => ({ id: row.id, name: row.name, role: row.role });

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
