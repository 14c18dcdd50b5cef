/**
 * The database's keys as a KeyRing: what a request's key costs to check, and who may have it checked how often.
 *
 * - A key checked once is remembered by a digest of it (for KEY_CACHE_MS, and until any revocation is heard): its
 *   requests cost a map lookup. When that runs out, the key is checked again against its row, never throttled:
 *   it is no guess, and its holder is never locked out by someone else's guessing.
 * - A key that failed is remembered too: the same wrong key again costs a lookup and is a 401.
 * - Anything else is a guess until checked: before its row is read or anything hashed, the client that sent it
 *   and the key id it names each take a token of a bucket (KEY_CHECK_LIMITS); an empty one is a 429 with
 *   Retry-After. A client guessing fast empties its own bucket first, so others' first checks go through.
 * - Checks waiting for the database at once are bounded: past the bound, a 503 `busy`.
 *
 * Rows read are kept as long as the keys checked against them, so a flood of guesses at one id reads its row once.
 * A revocation is announced (NOTIFY kapuluan_keys) and every server listening forgets all it remembered at once.
 */
import { createHash } from 'node:crypto';
import { ServiceError } from '../service/errors.ts';
import type { KeyRing, Principal } from '../service/keys.ts';
import { activeKey, KEY_FORM, type KeyRow, principalOf, secretMatches } from './db/key-store.ts';
import { KEYS_CHANNEL } from './db/migrations.ts';
import type { Sql } from './db/sql.ts';
import { RateLimiter } from './edge-limits.ts';

/**
 * How long a checked key, a failed one and a row read are believed without asking the database again. A
 * revocation is heard at once; this only bounds how long one could go unheard (the listening connection is also
 * re-made, and everything forgotten, after any loss).
 */
export const KEY_CACHE_MS = 10 * 60_000;

export interface KeyCheckLimits {
  /** Checks of keys not known yet, per client address. */
  perClient: { perSecond: number; burst: number };
  /** The same, per key id named (`kap_<id>_…`). */
  perId: { perSecond: number; burst: number };
  /** Checks waiting for the database at once. */
  pending: number;
  /** Keys remembered, good and failed each, and rows kept: the oldest is forgotten first. */
  remembered: number;
}

/**
 * A browser's first view sends its key on about ten requests at once, checked once between them; a client that
 * sends new keys faster than 5 a second, 20 at once, is guessing. An id's bucket is four times a client's, so it
 * takes guessers at five addresses or more to keep the id's holder from a first check.
 */
export const KEY_CHECK_LIMITS: KeyCheckLimits = {
  perClient: { perSecond: 5, burst: 20 },
  perId: { perSecond: 20, burst: 80 },
  pending: 32,
  remembered: 10_000,
};

const RETRY_SECONDS = 1;

/** A map that forgets its oldest entry past `size`. */
class Remembered<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  constructor(
    private readonly size: number,
    private readonly now: () => number,
  ) {}
  /** The value while it holds, and whether one was there that has run out. */
  get(key: string): { value?: V; expired: boolean } {
    const entry = this.entries.get(key);
    if (!entry) return { expired: false };
    if (entry.until > this.now()) return { value: entry.value, expired: false };
    this.entries.delete(key);
    return { expired: true };
  }
  set(key: string, value: V) {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + KEY_CACHE_MS });
    if (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value as string);
  }
  clear() {
    this.entries.clear();
  }
}

const tooManyChecks = (seconds: number, what: string) =>
  new ServiceError(429, 'rate_limited', `Too many new keys checked for ${what}; try again shortly`, {
    retry_after_seconds: Math.max(RETRY_SECONDS, Math.ceil(seconds)),
  });

const checksBusy = () =>
  new ServiceError(503, 'busy', 'Too many keys are being checked at once; try again shortly', {
    retry_after_seconds: RETRY_SECONDS,
  });

export function databaseKeyRing(
  sql: Sql,
  options: { now?: () => number; limits?: KeyCheckLimits } = {},
): KeyRing & { watch(): Promise<() => Promise<void>> } {
  const now = options.now ?? (() => Date.now());
  const limits = options.limits ?? KEY_CHECK_LIMITS;
  const good = new Remembered<Principal>(limits.remembered, now);
  const failed = new Remembered<true>(limits.remembered, now);
  const rows = new Remembered<KeyRow | null>(limits.remembered, now);
  const byClient = new RateLimiter(limits.perClient.perSecond, limits.perClient.burst, limits.remembered, now);
  const byId = new RateLimiter(limits.perId.perSecond, limits.perId.burst, limits.remembered, now);
  // A view's first requests come together: one check of a key, however many ask at once.
  const checking = new Map<string, Promise<Principal | null>>();
  let era = 0;
  const forget = () => {
    good.clear();
    failed.clear();
    rows.clear();
    checking.clear();
    era++;
  };
  const rowOf = async (id: string) => {
    const kept = rows.get(id);
    if (kept.value !== undefined) return kept.value;
    const row = await activeKey(sql, id);
    rows.set(id, row);
    return row;
  };
  const check = async (id: string, secret: string, digest: string, since: number) => {
    const row = await rowOf(id);
    const principal = row && (await secretMatches(sql, row, secret)) ? principalOf(row) : null;
    // Not remembered if a revocation was heard while it was checked: the next request asks again.
    if (era === since) {
      if (principal) good.set(digest, principal);
      else failed.set(digest, true);
    }
    return principal;
  };
  return {
    async identify(token, from) {
      const form = KEY_FORM.exec(token);
      if (!form) return null;
      const digest = createHash('sha256').update(token).digest('base64');
      const known = good.get(digest);
      if (known.value) return known.value;
      if (failed.get(digest).value) return null;
      let pending = checking.get(digest);
      if (pending) return pending;
      // A key that was good until its time ran out is checked again as it was the first time, but no guess.
      if (!known.expired) {
        // The client's bucket first: a client refused takes nothing from the id's, which one client alone can
        // never empty (its rate is above a client's), so a guesser does not keep the id's holder out.
        const clientWait = byClient.take(from?.client ?? '');
        if (clientWait > 0) throw tooManyChecks(clientWait, 'this client');
        const idWait = byId.take(form[1]);
        if (idWait > 0) throw tooManyChecks(idWait, 'this key id');
      }
      if (checking.size >= limits.pending) throw checksBusy();
      pending = check(form[1], form[2], digest, era).finally(() => checking.delete(digest));
      checking.set(digest, pending);
      return pending;
    },
    // Any revocation, or a listening connection lost (one may have been missed), forgets every key checked.
    watch: () => sql.listen(KEYS_CHANNEL, forget, forget),
  };
}
