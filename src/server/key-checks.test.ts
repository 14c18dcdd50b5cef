/**
 * What checking a database key costs, and who may have keys checked how often: a guess costs a keyed hash at most
 * and is throttled by its client before any, a key checked once is never throttled (not when its time runs out
 * either), a wrong key sent again is remembered, checks waiting for the database are bounded, and a key hashed with
 * scrypt before still lets its holder in.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ServiceError } from '../service/errors.ts';
import { freshPglite, freshPostgres, migrated, postgresReachable, type TestDatabase } from '../test/databases.ts';
import { issueKey, revokeKey, scryptOf } from './db/key-store.ts';
import type { Sql } from './db/sql.ts';
import { databaseKeyRing, KEY_CACHE_MS, KEY_CHECK_LIMITS } from './key-checks.ts';

const db: TestDatabase = freshPglite();
let sql: Sql;
beforeAll(async () => {
  sql = await migrated(db);
});
afterAll(() => db.drop());

/** The database, counting the reads of api_keys. */
function counted(inner: Sql) {
  const counter = { reads: 0, sql: { ...inner } as Sql };
  counter.sql.query = (text, params) => {
    if (/from api_keys/.test(text)) counter.reads++;
    return inner.query(text, params);
  };
  return counter;
}

const guessAt = (key: string) => `${key.slice(0, 21)}${randomBytes(32).toString('base64url')}`;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ServiceError ? { status: error.status, details: error.details } : error),
  );

describe('checking a key kept in the database', () => {
  test('let in their holder, and nobody with a secret one letter off, another id or another form', async () => {
    const ring = databaseKeyRing(sql);
    const reader = await issueKey(sql, 'Dashboard', 'read');
    expect(await ring.identify(reader.key)).toEqual({ id: reader.id, name: 'Dashboard', role: 'read' });
    const last = reader.key.at(-1) === 'A' ? 'B' : 'A';
    expect(await ring.identify(reader.key.slice(0, -1) + last)).toBeNull();
    expect(await ring.identify(reader.key.replace(reader.id, '0123456789abcdef'))).toBeNull();
    expect(await ring.identify('not-a-key')).toBeNull();
  });

  test('a revoked key is refused at once on every server sharing the database', async () => {
    if (!(await postgresReachable())) return;
    const pg = await freshPostgres();
    const [a, b, admin] = [await migrated(pg), await pg.open(), await pg.open()];
    const rings = [databaseKeyRing(a), databaseKeyRing(b)];
    const stops = await Promise.all(rings.map((r) => r.watch()));
    try {
      const issued = await issueKey(admin, 'Contractor', 'admin');
      // Both servers have checked it, and remember it.
      for (const ring of rings) expect(await ring.identify(issued.key)).toMatchObject({ id: issued.id });
      expect(await revokeKey(admin, issued.id)).toBe(true);
      for (const ring of rings) {
        await expect.poll(() => ring.identify(issued.key), { timeout: 10_000 }).toBeNull();
      }
      expect(await revokeKey(admin, issued.id)).toBe(false);
    } finally {
      for (const stop of stops) await stop();
      await pg.drop();
    }
  });

  test('guesses at a known id read its row once and are throttled by their client; the holder still gets in', async () => {
    const { key, id } = await issueKey(sql, 'Dashboard', 'read');
    const counter = counted(sql);
    const ring = databaseKeyRing(counter.sql);
    const { burst } = KEY_CHECK_LIMITS.perClient;
    for (let i = 0; i < burst; i++) expect(await ring.identify(guessAt(key), { client: '203.0.113.9' })).toBeNull();
    expect(counter.reads).toBe(1);
    expect(await refusal(Promise.resolve(ring.identify(guessAt(key), { client: '203.0.113.9' })))).toEqual({
      status: 429,
      details: { retry_after_seconds: 1 },
    });
    // Another client's first check of the right key goes through at once, and no row is read again.
    expect(await ring.identify(key, { client: '198.51.100.7' })).toEqual({ id, name: 'Dashboard', role: 'read' });
    expect(counter.reads).toBe(1);
  });

  test('a key checked once is never throttled, not when its time runs out either', async () => {
    const { key, id } = await issueKey(sql, 'Kiosk', 'read');
    let clock = 0;
    const ring = databaseKeyRing(sql, { now: () => clock });
    // Behind a balancer every request has one client address: the holder's and the guesser's.
    const balancer = { client: '10.0.0.1' };
    /** Guesses from the balancer's address until they are refused. */
    const guessUntilRefused = async () => {
      for (let i = 0; i <= KEY_CHECK_LIMITS.perClient.burst; i++) {
        const refused = await refusal(Promise.resolve(ring.identify(guessAt(key), balancer)));
        if (refused) return refused;
      }
      return null;
    };
    expect(await ring.identify(key, balancer)).toMatchObject({ id });
    expect(await guessUntilRefused()).toMatchObject({ status: 429 });
    expect(await ring.identify(key, balancer)).toMatchObject({ id });
    // Past the time a checked key is believed: checked again, as no guess, while the guesser is refused.
    clock += KEY_CACHE_MS + 1;
    expect(await guessUntilRefused()).toMatchObject({ status: 429 });
    expect(await ring.identify(key, balancer)).toMatchObject({ id });
  });

  test('a wrong key sent again costs no read and is never throttled', async () => {
    const counter = counted(sql);
    const ring = databaseKeyRing(counter.sql);
    const wrong = `kap_${'0'.repeat(16)}_${randomBytes(32).toString('base64url')}`;
    for (let i = 0; i < 3 * KEY_CHECK_LIMITS.perClient.burst; i++) {
      expect(await ring.identify(wrong, { client: '192.0.2.1' })).toBeNull();
    }
    expect(counter.reads).toBe(1);
  });

  test('checks waiting for the database at once are bounded: past the bound, 503 busy', async () => {
    let open: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      open = resolve;
    });
    const slow = { ...sql } as Sql;
    slow.query = async (text, params) => {
      await held;
      return sql.query(text, params);
    };
    const ring = databaseKeyRing(slow, { limits: { ...KEY_CHECK_LIMITS, pending: 2 } });
    const key = (n: number) => `kap_${String(n).repeat(16)}_${randomBytes(32).toString('base64url')}`;
    const waiting = [ring.identify(key(1)), ring.identify(key(2))];
    expect(await refusal(Promise.resolve(ring.identify(key(3))))).toEqual({
      status: 503,
      details: { retry_after_seconds: 1 },
    });
    open();
    expect(await Promise.all(waiting)).toEqual([null, null]);
  });

  test('a key hashed with scrypt before lets its holder in, and is hashed anew', async () => {
    const id = randomBytes(8).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const salt = randomBytes(16);
    await sql.query(
      `insert into api_keys (id, name, role, salt, hash, scheme) values ($1, 'Before', 'admin', $2, $3, 'scrypt')`,
      [id, salt, await scryptOf(secret, salt)],
    );
    const key = `kap_${id}_${secret}`;
    expect(await databaseKeyRing(sql).identify(key)).toEqual({ id, name: 'Before', role: 'admin' });
    const [row] = await sql.query<{ scheme: string }>('select scheme from api_keys where id = $1', [id]);
    expect(row.scheme).toBe('hmac-sha256');
    // Another server, checking it afresh, lets it in by the new hash, and refuses a secret one letter off.
    expect(await databaseKeyRing(sql).identify(key)).toMatchObject({ id });
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    expect(await databaseKeyRing(sql).identify(key.slice(0, -1) + last)).toBeNull();
  });
});
