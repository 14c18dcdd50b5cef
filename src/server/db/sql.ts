/**
 * The little of a SQL client the store needs, over two engines that run the same SQL: PostgreSQL through `pg`
 * (DATABASE_URL) and PGlite, PostgreSQL compiled to WebAssembly and embedded in this process (the default, kept
 * in a folder, no server to run). Everything above this file is written once, against `Sql`.
 */
import fs from 'node:fs';
import pg from 'pg';
import { asUnavailable, isConnectionLost } from './connection-errors.ts';
import { lockFolder } from './folder-lock.ts';

export interface Queryable {
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Sql extends Queryable {
  /** Runs `work` in one transaction: committed if it resolves, rolled back if it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Calls `heard` with each NOTIFY payload on `channel`, and `lost` when notifications may have been missed (a
   * dropped connection, once it is back). Resolves to a function that stops listening.
   */
  listen(channel: string, heard: (payload: string) => void, lost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** What it is, for the start-up message (no password). */
  readonly description: string;
}

/** A PostgreSQL error's SQLSTATE and constraint, whichever engine raised it. */
export const sqlState = (error: unknown) => (error as { code?: string }).code;
export const constraintOf = (error: unknown) => (error as { constraint?: string }).constraint;
export const UNIQUE_VIOLATION = '23505';

/** A URL with its password replaced, for messages. */
export const withoutPassword = (url: string) => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'a PostgreSQL server';
  }
};

/** The name this server's sessions carry in pg_stat_activity, so an operator (and the outage test) can count them. */
export const APPLICATION_NAME = 'kapuluan-api';
/** A connection not made in this long fails the query (503 `unavailable`) rather than letting it hang. */
export const CONNECT_TIMEOUT_MS = 5000;
export const DEFAULT_POOL_MAX = 10;

export interface PostgresOptions {
  /** The most pooled connections this process holds; LISTEN holds one more. */
  max?: number;
  connectTimeoutMs?: number;
}

/**
 * PostgreSQL through a bounded pool of `pg` connections; LISTEN holds one connection of its own. Any failure to
 * reach the server is thrown as StoreUnavailable (src/server/db/connection-errors.ts), and no connection's
 * error can end the process: pooled ones have the pool's listener while idle and ours while checked out.
 */
export async function postgres(url: string, options: PostgresOptions = {}): Promise<Sql> {
  const connection: pg.ClientConfig = {
    connectionString: url,
    application_name: APPLICATION_NAME, // an application_name in the URL still wins
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    // A server that vanished without closing the socket (a dropped network) is found out, not waited on forever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
  const pool = new pg.Pool({ ...connection, max: options.max ?? DEFAULT_POOL_MAX });
  // An idle pooled connection that the server drops must not take the process down; the next query reconnects.
  pool.on('error', (error) => console.error('[kapuluan db] an idle connection failed:', error.message));
  try {
    await pool.query('select 1'); // fail at start, with the reason, rather than on the first create
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const listeners = new Set<{ stop(): Promise<void> }>();
  const subscribers = new Map<string, Set<{ heard: (payload: string) => void; lost: () => void }>>();
  let shared: Promise<ListenLoop> | undefined;
  return {
    description: `PostgreSQL at ${withoutPassword(url)}`,
    async query<Row>(text: string, params?: unknown[]) {
      try {
        return (await pool.query(text, params)).rows as Row[];
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    async transaction(work) {
      const client = await pool.connect().catch((error) => {
        throw asUnavailable(error);
      });
      // pg-pool takes its idle listener off a client it hands out: without one of ours, the server ending the
      // session mid-transaction (a restart, pg_terminate_backend) emits an 'error' nobody hears, which ends
      // the process. The query in flight rejects as well; this only keeps the error heard.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await work({ query: async (text, params) => (await client.query(text, params)).rows });
        await client.query('commit');
        return result;
      } catch (error) {
        if (!broken && !isConnectionLost(error)) await client.query('rollback').catch(() => undefined);
        else broken ??= error as Error;
        throw asUnavailable(error);
      } finally {
        client.removeListener('error', onError);
        client.release(broken); // a broken connection is closed, never handed out again
      }
    },
    async listen(channel, heard, lost) {
      // One LISTEN connection for every channel (the records', the keys'): subscribers share it, and the loop
      // that keeps it is started by the first and stopped with the last.
      const subscriber = { heard, lost };
      const set = subscribers.get(channel) ?? new Set();
      subscribers.set(channel, set);
      const isNew = set.size === 0;
      set.add(subscriber);
      if (!shared) {
        // LISTEN itself is bounded like the connection: a server that takes the connection and never answers is
        // given up on and tried again, rather than leaving the loop waiting.
        const listening = { ...connection, query_timeout: connection.connectionTimeoutMillis };
        shared = listenLoop(
          listening,
          () => [...subscribers.keys()],
          (ch, payload) => {
            for (const s of subscribers.get(ch) ?? []) s.heard(payload);
          },
          () => {
            for (const subs of subscribers.values()) for (const s of subs) s.lost();
          },
          LISTEN_RETRY,
        );
      } else if (isNew) await (await shared).add(channel);
      const loop = await shared;
      listeners.add(loop);
      return async () => {
        set.delete(subscriber);
        if (set.size === 0) subscribers.delete(channel);
        if (subscribers.size === 0 && shared) {
          shared = undefined;
          listeners.delete(loop);
          await loop.stop();
        }
      };
    },
    async close() {
      for (const loop of listeners) await loop.stop();
      listeners.clear();
      await pool.end();
    },
  };
}

/** LISTEN's reconnect backoff: from 250 ms, doubling to 10 s. */
export const LISTEN_RETRY = { firstMs: 250, maxMs: 10_000 };

interface ListenLoop {
  stop(): Promise<void>;
  /** LISTENs on one more channel, now if connected, and on every reconnect. */
  add(channel: string): Promise<void>;
}

/**
 * LISTEN on one connection, kept open by one reconnect loop: a lost connection schedules one attempt, a failed
 * attempt closes its own connection and schedules the next after twice the wait (up to `maxMs`), so however
 * long the outage, the process holds at most one LISTEN session and tries at a falling rate. Once listening
 * again, `lost` is called: whatever was notified meanwhile was missed.
 */
async function listenLoop(
  config: pg.ClientConfig,
  channels: () => string[],
  heard: (channel: string, payload: string) => void,
  lost: () => void,
  retry: { firstMs: number; maxMs: number },
): Promise<ListenLoop> {
  let current: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let attempting = false;
  let stopped = false;
  let wait = retry.firstMs;
  const safely = (what: string, call: () => void) => {
    try {
      call();
    } catch (error) {
      console.error(`[kapuluan db] ${what} failed:`, error);
    }
  };
  const schedule = () => {
    if (stopped || timer || attempting || current) return;
    timer = setTimeout(() => void attempt(), wait);
    wait = Math.min(wait * 2, retry.maxMs);
  };
  const dropped = (client: pg.Client, error?: Error) => {
    if (client !== current) return; // an attempt that failed, or a client already replaced: the loop knows
    current = undefined;
    console.error(`[kapuluan db] the LISTEN connection was lost${error ? ` (${error.message})` : ''}; reconnecting`);
    void client.end().catch(() => undefined);
    schedule();
  };
  const open = async () => {
    const client = new pg.Client(config);
    client.on('error', (error) => dropped(client, error));
    client.on('end', () => dropped(client));
    client.on('notification', (message) => {
      safely('a notification', () => heard(message.channel, message.payload ?? ''));
    });
    try {
      await client.connect();
      for (const channel of channels()) await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return client;
    } catch (error) {
      // Never left holding a session it does not use; not awaited, since a client that never connected may
      // never say it ended, and the loop must go on.
      void client.end().catch(() => undefined);
      throw error;
    }
  };
  const attempt = async () => {
    timer = undefined;
    if (stopped) return;
    attempting = true;
    try {
      const client = await open();
      attempting = false;
      if (stopped) return void client.end().catch(() => undefined);
      current = client;
      wait = retry.firstMs;
      console.log('[kapuluan db] listening again; reading the records anew');
      safely('reading the records anew', lost);
    } catch (error) {
      attempting = false;
      console.error(`[kapuluan db] could not listen again (${(error as Error).message}); next try in ${wait} ms`);
      schedule();
    }
  };
  try {
    current = await open();
  } catch (error) {
    // The pool reached the server a moment ago, so this is a blip (or a stalled event loop outrunning its
    // timeout): the loop takes over rather than failing the start, and the records are read anew once it listens.
    console.error(`[kapuluan db] could not listen (${(error as Error).message}); next try in ${wait} ms`);
    schedule();
  }
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => undefined);
    },
    async add(channel) {
      // Not connected: the next connection listens on it. A failure here is a lost connection, which the loop
      // mends, listening on every channel again.
      await current?.query(`listen ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
    },
  };
}

/**
 * PGlite in `dir` (`memory://` for one that keeps nothing). One process at a time may open a folder: PGlite
 * has no server to share it, and two writers would corrupt it, so the folder is locked while it is open
 * (src/server/db/folder-lock.ts).
 */
export async function pglite(dir: string): Promise<Sql> {
  const { PGlite } = await import('@electric-sql/pglite');
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(dir, { recursive: true });
  const release = inMemory ? async () => undefined : await lockFolder(dir);
  let db: InstanceType<typeof PGlite>;
  try {
    db = await PGlite.create(dir);
  } catch (error) {
    await release();
    throw error;
  }
  return {
    description: inMemory ? 'PGlite in memory' : `PGlite in ${dir}`,
    // A full disk is PostgreSQL's disk_full here too: thrown as StoreUnavailable, as the PostgreSQL client does.
    async query<Row>(text: string, params?: unknown[]) {
      try {
        return (await db.query<Row>(text, params)).rows;
      } catch (error) {
        throw asUnavailable(error);
      }
    },
    transaction: (work) =>
      db
        .transaction((tx) =>
          work({
            async query<Row>(text: string, params?: unknown[]) {
              return (await tx.query<Row>(text, params)).rows;
            },
          }),
        )
        .catch((error: unknown) => {
          throw asUnavailable(error);
        }),
    async listen(channel, heard) {
      const stop = await db.listen(channel, heard);
      return async () => stop();
    },
    async close() {
      try {
        await db.close();
      } finally {
        await release();
      }
    },
  };
}
